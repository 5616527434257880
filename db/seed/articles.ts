import { STATIC_ESSAYS } from "../../app/content/essays";
import type { SeedArticle } from "./types";

/** Opening and closing fence for image groups; kept in a constant so the essays need no escaped backticks. */
const fence = "```";

const selfCompassion = `In almost every counselling room I have worked in, there has been a third voice. The client speaks, I speak, and then, quietly, another voice joins in: *You should be over this by now. You always ruin things. What is wrong with you?* This is the inner critic, and for many people it is so constant that they no longer hear it as a voice at all. They simply hear it as the truth.

One of the most useful things therapy can offer is not to silence that voice, which rarely works, but to help a different voice grow up alongside it. Psychologists call this capacity **self-compassion**.

## What Self-Compassion Means

The psychologist Kristin Neff, whose research in the early 2000s did much to bring the idea into mainstream psychology, describes self-compassion as treating yourself with the same kindness you would offer a good friend who was struggling. In her 2003 paper she set out three components, each defined by contrast with its opposite:

- **Self-kindness rather than self-judgement**: responding to your own pain and mistakes with warmth and understanding, rather than harshness.
- **Common humanity rather than isolation**: recognising that failure and suffering are part of the shared human experience, not proof that something is uniquely wrong with you.
- **Mindfulness rather than over-identification**: holding painful thoughts and feelings in balanced awareness, neither suppressing them nor being swept away by them.

Each of these can be learned. They are skills, not personality traits you either have or lack.

## Why the Critic Is So Persistent

It helps to understand where the critic comes from. The psychologist Paul Gilbert, who developed **Compassion-Focused Therapy**, describes three broad emotion-regulation systems. The *threat* system scans for danger and produces anxiety, anger and shame. The *drive* system pushes us towards goals and rewards. The *soothing* system, associated with safety, connection and rest, allows us to settle.

For many people the inner critic is the threat system turned inward. At some point, often in childhood, harshness towards oneself seemed like protection: if I criticise myself first, no one else can catch me out; if I am hard on myself, I will not fail. The critic is usually trying, clumsily, to keep us safe. That is why arguing with it rarely works. What helps is strengthening the soothing system, so that the threat system no longer has to do all the work.

## Three Myths That Get in the Way

When I introduce self-compassion, clients often raise the same worries. They are worth taking seriously.

### "It will make me lazy."

Many people believe that self-criticism is what keeps them motivated. The evidence suggests otherwise. In a series of experiments published in 2012, the psychologists Juliana Breines and Serena Chen found that people encouraged to take a self-compassionate view of a recent failure were *more* motivated to improve, and spent longer studying for a retest, than those encouraged simply to boost their self-esteem. Harshness tends to produce fear of failure, and fear of failure tends to produce avoidance.

### "It is just feeling sorry for myself."

Self-pity tends to be isolating: *why does this always happen to me?* Self-compassion does the opposite. It places your pain in the context of everyone else's, which is often a relief.

### "It means letting myself off the hook."

Self-compassion is not the same as excusing harmful behaviour. A good friend will tell you honestly when you have got something wrong, and then help you put it right. Compassion makes it *easier* to take responsibility, because admitting a mistake no longer feels like a threat to your whole sense of worth.

## An Old Idea in New Language

Although the research is recent, the insight is ancient. Writing to his friend Lucilius in the first century, the Roman Stoic Seneca passes on a saying he has been enjoying:

> What progress, you ask, have I made? I have begun to be a friend to myself.
>
> — Hecato, quoted by Seneca in *Letters to Lucilius* 6 (trans. Richard M. Gummere)

Seneca adds that a person who has made this progress will never be alone, and will be a friend to all mankind. It is a striking thing to find in a philosophy often remembered for its sternness, and it is exactly the shift that counselling tries to support.

${fence}gallery single
![Soft golden sunrise over low hills with mist in the valleys](/images/gallery/sunrise.svg "Kindness towards yourself is practised one morning at a time.")
${fence}

## Practices You Can Try

These exercises are drawn from the self-compassion literature and are commonly used in therapy. Try them with curiosity rather than as tests you must pass.

1. **The self-compassion break.** When you notice you are struggling, pause and say three phrases to yourself, silently or aloud: *This is a moment of suffering. Suffering is part of being human. May I be kind to myself in this moment.* Adjust the words until they feel like your own.
2. **The friend test.** Write down what your inner critic is saying. Then ask: *What would I say to a close friend in exactly this situation?* Write that down too, and notice the difference in tone.
3. **A letter from a kind witness.** Imagine someone who knows your whole story and cares about you unconditionally. Write a short letter from them to you about the thing you are struggling with.
4. **Soothing touch.** Place a hand on your chest or hold one hand in the other. It may feel awkward, but gentle physical contact can help calm the threat system.

## When to Seek Support

Self-compassion is a resource, not a replacement for care. If your inner critic is relentless, if it is tied to memories of being shamed or harmed, or if you are experiencing low mood, anxiety or thoughts of self-harm, please reach out to a qualified counsellor, psychologist or your doctor. For some people, turning towards themselves with kindness can at first bring up grief for the years they went without it. That is a sign of something important, and it deserves company.

## A Different Kind of Strength

We often imagine strength as hardness: the ability to push through, to demand more, to tolerate no weakness. Much of what I see in counselling suggests another picture. **Real resilience looks more like warmth**: the ability to fall, to notice that it hurts, and to offer yourself a hand up. The critic will probably not disappear. But it need not have the last word.`;

const buddhismImpermanence = `About two and a half thousand years ago, in a deer park at Sarnath near the city now called Varanasi, a wandering teacher who had recently found what he was looking for gave his first talk to five former companions. He did not begin with gods, creation or the afterlife. He began with something every person in that grove already knew from experience: *life involves suffering*. From that plain observation the Buddha built a teaching that has shaped much of Asia and is now read and practised throughout the world.

## A Diagnosis, Not a Doctrine of Despair

The **Four Noble Truths** are often compared to a physician's method. First the illness is named, then its cause, then the possibility of a cure, and finally the treatment. Seen this way, the teaching is not pessimistic at all. It is practical, and deeply hopeful.

1. **Dukkha, the truth of suffering.** Life contains pain, loss, illness and death. It also contains a subtler unease: the sense that even pleasant things do not fully satisfy, because they do not last.
2. **Samudaya, the truth of the origin of suffering.** The root of dukkha is *tanhā*, often translated as craving or thirst: the grasping after pleasure, the longing to become something, and the longing to be rid of what we dislike.
3. **Nirodha, the truth of the cessation of suffering.** Because suffering has a cause, it can end. This ending is *nibbāna* (in Sanskrit, *nirvāṇa*), a word whose image is that of a flame going out for lack of fuel.
4. **Magga, the truth of the path.** There is a way of living that leads to this freedom: the Noble Eightfold Path.

The word *dukkha* is notoriously hard to translate. *Suffering* captures its sharper forms, but many teachers prefer *unsatisfactoriness* or *stress* to convey the background sense that something is always slightly off balance. It points to a feature of experience that is quietly present even on good days.

## Impermanence: The Key That Turns the Lock

Why is life unsatisfactory in this way? Buddhist teaching points to three characteristics shared by all conditioned things: **impermanence** (*anicca*), **unsatisfactoriness** (*dukkha*) and **not-self** (*anattā*). Of these, impermanence is the easiest to see and perhaps the most important to understand.

Everything we can experience is changing. Moods rise and fade. Bodies age. Friendships deepen and drift. Even the sense of being a solid, continuous self turns out, on close inspection, to be a flow of sensations, thoughts and perceptions. None of this is hidden knowledge; we all know it in the abstract. What causes suffering is that we live as though it were not true. We cling to pleasant experiences as if they could be kept, and resist unpleasant ones as if they would last forever.

According to the account of his final days, the Buddha returned to this theme with his last words to his followers:

> Decay is inherent in all component things! Work out your salvation with diligence!
>
> — The Buddha, *Mahāparinibbāna Sutta* (trans. T. W. Rhys Davids)

Notice how the two halves of that sentence belong together. Impermanence is not offered as a reason for gloom but as a reason for *diligence*. Because nothing lasts, this moment matters.

${fence}gallery masonry
![A pink lotus flower opening above dark pond water](/images/gallery/lotus.svg "The lotus roots in mud and flowers in sunlight, a traditional image of awakening.")
![Balanced smooth stones in a quiet garden](/images/gallery/zen-stones.svg "Balance is never fixed; it is found again in every moment.")
![A candle flame flickering, half burned down](/images/gallery/candle.svg "A flame looks constant, yet it is never the same flame twice.")
${fence}

### The Story of the Mustard Seed

A story preserved in the Buddhist commentaries shows how gently this teaching can be offered. A young mother named Kisa Gotami, overwhelmed with grief at the death of her small son, carried his body from house to house asking for medicine to bring him back. At last she came to the Buddha, who told her he could help. She should bring him a mustard seed, but it must come from a household where no one had ever died.

Kisa Gotami went from door to door. Everyone was willing to give her a mustard seed, but in every house someone had lost a parent, a child, a husband or a wife. By evening she understood. Her grief was not lessened by being told that death is universal; it was *held* by the discovery that she was not alone in it. She returned, buried her son, and became a follower of the teaching.

The story does not deny pain. It places pain in its true context, which turns out to be shared.

## The Eightfold Path

The path that the fourth truth describes is traditionally grouped into three areas of training:

- **Wisdom**: right view and right intention.
- **Ethical conduct**: right speech, right action and right livelihood.
- **Meditative discipline**: right effort, right mindfulness and right concentration.

*Right* here translates *sammā*, which suggests something complete, balanced or fitting, rather than a rule handed down from above. The eight factors are not steps to be completed in order. They support one another, like the spokes of a wheel, a favourite image in Buddhist art.

## Practising with Impermanence

You do not need to adopt Buddhist beliefs to benefit from these insights. Here are some ways to work with impermanence in daily life:

- **Watch a single sensation.** Sit quietly and notice an itch, a sound or the feeling of the breath. Observe how it changes from moment to moment. Nothing holds still.
- **Let pleasant moments be pleasant.** When you are enjoying something, notice the small urge to hold on. Try enjoying it fully while letting it pass.
- **Notice that difficulty changes too.** In a hard moment, remind yourself: *this too is changing*. Not as a slogan to push the pain away, but as an honest observation.
- **Reflect at day's end.** Recall three moments from the day that have already passed for good. Let yourself feel both their value and their passing.

## A Teaching for the Living

It is easy to hear talk of suffering and impermanence as morbid. Yet people who practise with these ideas often report the opposite: a lighter touch, a deeper appreciation of ordinary moments, more patience with others who are, after all, facing the same conditions. **Impermanence is what makes change possible.** If nothing could change, no suffering could end and no one could grow. The same truth that takes things from us also gives us every new beginning.

For a clear and reliable introduction, Walpola Rahula's *What the Buddha Taught* remains one of the best short books on the subject, and many translations of the early discourses can be read freely at [Access to Insight](https://www.accesstoinsight.org/).`;

const philosophyBasics = `Philosophy has a reputation for being difficult, abstract and slightly useless: the province of bearded men arguing about whether tables exist. There is some truth in the caricature. But at its heart philosophy is something every thoughtful person already does. Whenever you wonder whether you made the right choice, whether you can trust what you have been told, or what the point of it all might be, you are doing philosophy. The discipline simply asks you to do it carefully.

## Where Philosophy Begins

Both Plato and Aristotle said that philosophy begins in *wonder*: the experience of being puzzled by something that had always seemed obvious. Socrates, the first great figure of Western philosophy, made a life's work of this puzzlement. He wandered the streets of Athens asking people what courage, justice or piety really were, and usually discovered that neither they nor he could say. When he was put on trial in 399 BCE, he told the jury that even if they offered to acquit him on condition that he give up philosophy, he would refuse. Questioning, he said, was the best thing a person could do:

> The unexamined life is not worth living.
>
> — Socrates, in Plato's *Apology* 38a (trans. Benjamin Jowett)

This website takes its name from that sentence. It does not mean that only philosophers live worthwhile lives. It means that a life lived entirely on autopilot, never asking why, leaves something precious unused.

Philosophy is traditionally divided into several branches, but it is easier to begin with the questions than with the labels. Here are five that have occupied thinkers for thousands of years, and that repay anyone who takes the time to ask them.

## Five Questions

### 1. What Can I Know?

How do you know that the world outside your window is really there? That your memories are accurate? That the person you are talking to has thoughts and feelings like yours? These questions belong to **epistemology**, the theory of knowledge.

In the seventeenth century René Descartes tried to doubt everything that could possibly be doubted, imagining that an all-powerful deceiver might be feeding him false experiences. He found one thing he could not doubt: that he was doubting, and therefore thinking, and therefore existed. *I think, therefore I am.* Few philosophers today accept everything Descartes built on that foundation, but his method of careful doubt still shapes how we think about evidence.

*Why it matters:* in an age of misinformation, asking how we know what we claim to know is not an academic exercise. It is a basic civic skill.

### 2. What Is Real?

Is the world made only of physical matter, or is there something more, such as minds, numbers or values? Is time something that flows, or is that an illusion? Is everything that happens determined in advance? These are questions of **metaphysics**, the study of the basic nature of reality.

Metaphysical questions can seem remote, but they lie beneath many everyday convictions. If you believe you are responsible for your choices, you have already taken a position on free will. If you believe a person survives death, or does not, you have taken a position on the relation between mind and body.

### 3. How Should I Live?

This is the question of **ethics**, and it is perhaps the one people feel most urgently. What makes an action right or wrong? Do consequences matter most, or duties, or the kind of person we become through our actions? What do we owe to strangers, to future generations, to animals?

Ancient philosophers treated this question broadly. For Aristotle, the Stoics and the Epicureans, ethics was not only about rules but about *eudaimonia*, a word usually translated as happiness or flourishing: what it means for a human life to go well as a whole.

### 4. Who Am I?

What makes you the same person you were ten years ago, when nearly every cell in your body has changed, along with many of your beliefs? The ancient puzzle of the **Ship of Theseus**, recorded by Plutarch, asks whether a ship whose planks are replaced one by one is still the same ship. John Locke suggested that personal identity rests on memory and consciousness rather than on the body. Buddhist philosophers went further, questioning whether there is a fixed self at all.

*Why it matters:* how we answer shapes how we think about growth, responsibility, forgiveness and even our own mortality.

### 5. What Makes Life Meaningful?

Finally, the question that brings many people to philosophy in the first place. Is there a purpose to human life? If not, can we create one? Religious traditions, the Stoics, the existentialists and contemporary philosophers offer very different answers, from serving God, to living in accordance with nature, to making meaning through our own commitments.

Immanuel Kant once summed up the whole field in three questions: *What can I know? What ought I to do? What may I hope?* Elsewhere he added a fourth, *What is a human being?*, which he said all the others lead back to. Our five questions are another way of mapping the same territory.

${fence}gallery single
![Tall wooden shelves of old leather-bound books in a quiet library](/images/gallery/library.svg "Philosophy is a conversation across centuries, and anyone may join it.")
${fence}

## How to Get Started

You do not need a degree to think philosophically. You need curiosity, patience and a willingness to be wrong. A few suggestions:

- **Start with primary texts that are short.** Plato's *Apology*, Epictetus's *Enchiridion* and Descartes's *Meditations* are all brief, readable and freely available online.
- **Use good reference works.** The [Stanford Encyclopedia of Philosophy](https://plato.stanford.edu/) is free, rigorous and written by experts.
- **Argue with what you read.** Philosophy is not a list of answers to memorise. Write down where you disagree and why.
- **Talk to others.** Socrates did his philosophy in conversation. A friend who challenges you is worth a shelf of books.
- **Take your time.** Philosophical questions are rarely settled quickly. Living with a question can be as valuable as answering it.

## Why Bother?

Philosophy rarely hands out definite conclusions, and that can be frustrating. Bertrand Russell, in the closing chapter of *The Problems of Philosophy*, thought this was precisely its value:

> Philosophy is to be studied, not for the sake of any definite answers to its questions, since no definite answers can, as a rule, be known to be true, but rather for the sake of the questions themselves.
>
> — Bertrand Russell, *The Problems of Philosophy* (1912)

He went on to say that these questions **enlarge our sense of what is possible** and loosen the dogmatic certainty that closes the mind. That is a good description of what this site hopes to offer: not answers delivered from on high, but an invitation to think a little more freely about the life you are living.`;

const wuWei = `Some of the best moments of any day happen when we stop trying so hard. The sentence we have been wrestling with arrives whole while we are walking. The conversation relaxes when we give up steering it. The tennis shot goes in precisely because we did not think about it. Ancient Chinese thinkers had a name for this quality of effortless, fitting action: *wu wei*.

## Doing Without Doing

*Wu wei* is usually translated as *non-action*, *non-doing* or *effortless action*. None of these is quite right, and the first two are misleading. Wu wei does not mean doing nothing. It means acting without strain, without forcing, in harmony with the way things naturally unfold. It is action that does not leave a trail of struggle behind it.

The idea is central to **Taoism**, the tradition associated with the *Tao Te Ching*, a short book of eighty-one chapters traditionally attributed to the sage Laozi, and with the more playful and sprawling writings of **Zhuangzi**. Both texts describe a *Tao*, or Way, that cannot be fully captured in words, and they suggest that human beings suffer largely because they strive against it.

One chapter of the *Tao Te Ching* contrasts two kinds of learning. The person who pursues learning adds something every day; the person who pursues the Way lets go of something every day, until at last they arrive at non-action, and then, the text says, there is nothing that is left undone. That is a paraphrase, but the paradox is faithful to the original. Less forcing does not lead to less achievement. It leads to a different, lighter kind of achievement.

## Two Images of Wu Wei

### The Wisdom of Water

The *Tao Te Ching* returns again and again to the image of water. Water does not argue with obstacles. It flows around them, settles in the low places others avoid, and yet over time it shapes valleys and wears down stone.

> There is nothing in the world more soft and weak than water, and yet for attacking things that are firm and strong there is nothing that can take precedence of it.
>
> — Laozi, *Tao Te Ching*, chapter 78 (trans. James Legge)

In a culture that often prizes force, speed and visible effort, this is a countercultural message. It suggests that persistence without aggression, flexibility without weakness, may be the most powerful stance of all.

${fence}gallery grid
![A clear river flowing smoothly around rocks](/images/gallery/river.svg "Water yields to every obstacle, and in time reshapes them all.")
![A still mountain lake with reflections of the peaks above](/images/gallery/mountain-lake.svg "Muddy water, left alone, becomes clear.")
${fence}

### Cook Ding and His Knife

Zhuangzi gives us the most vivid picture of wu wei in action. A cook named Ding is carving an ox for Lord Wenhui. Every movement of his hand, shoulder, foot and knee is in rhythm, and the sound of the blade is like music. Astonished, the lord asks how he has acquired such skill.

The cook explains that when he began, he saw nothing but the whole ox. After three years he no longer saw the ox as a whole. Now he works by spirit rather than by sight, following the natural joints and hollows, never hacking at bone. An ordinary cook, he says, changes his knife every month because he hacks; a good cook changes it every year because he cuts. Ding has used the same knife for nineteen years and thousands of oxen, and its edge is as fine as if it had just come from the grindstone.

The lesson is not that skill comes without effort. Ding trained for years. The point is that **mastery looks like ease**. Long practice brings us to a place where we can respond to each situation as it is, without force, finding the spaces where the blade moves freely.

## Wu Wei and Mindfulness

Wu wei and mindfulness are close relatives. Both ask us to meet the present moment without the extra layer of resistance that so often turns difficulty into suffering. Modern psychology describes something similar in the state of *flow*, studied by Mihaly Csikszentmihalyi: complete absorption in an activity, where self-consciousness falls away and action seems to carry itself.

There is a well-known paradox here, explored by the scholar Edward Slingerland in his book *Trying Not to Try*. You cannot achieve effortlessness by trying harder. If you grit your teeth and command yourself to relax, you will only become more tense. Wu wei has to be invited rather than seized. Mindfulness practice is one of the most reliable ways of extending that invitation.

## Practising Effortless Action

Here are some ways to bring a little wu wei into an ordinary day:

1. **Notice forcing.** Several times a day, check for signs of strain: a clenched jaw, held breath, raised shoulders, a mind pushing to get things over with. Simply noticing often releases some of it.
2. **Find the grain.** Before starting a task, ask: *what is the natural order of this?* Some work flows best in the morning, some conversations go better on a walk. Work with the grain rather than against it.
3. **Practise one thing slowly.** Choose a simple activity, such as making tea, and do it with complete attention and no hurry. Let your hands learn the rhythm.
4. **Leave room for emergence.** When you are stuck on a problem, put it down deliberately. Take a walk or do something physical. Many solutions arrive when we stop chasing them.
5. **Yield where yielding is wise.** In a disagreement, ask whether you need to push your point now, or whether patience will achieve more. Water wins by persistence, not collision.

## Not Forcing Is Not Giving Up

It is important not to confuse wu wei with passivity or avoidance. The Taoist sage is not lazy or indifferent. Cook Ding still carves the ox; water still reaches the sea. What changes is the *quality* of action. It becomes responsive rather than reactive, economical rather than wasteful, calm rather than anxious.

Most of us have glimpsed this state, perhaps while playing music, gardening or talking with an old friend. Those moments show us that **ease and effectiveness are not opposites**. The Taoist invitation is to trust that glimpse, and to practise until it becomes a way of life. James Legge's translation of the *Tao Te Ching* is freely available at [Project Gutenberg](https://www.gutenberg.org/ebooks/216), and it rewards slow reading, a chapter at a time.`;

const restAndSleep = `In my counselling work, one of the most common things I hear is a kind of apology. *I know I should rest more, but there's just too much to do.* People describe rest as something to be earned: a reward for finishing the inbox, the housework, the week. And since the work is never quite finished, the reward never quite arrives. I want to suggest a different view. Rest is not a prize for productivity. It is one of the foundations that makes a good life, and good work, possible.

## Why Rest Matters

Our bodies and minds are built for rhythm. Periods of effort need periods of recovery, in the same way that a muscle grows stronger not while it is being exercised but while it repairs afterwards. When rest is chronically squeezed out, the effects show up everywhere: irritability, poorer concentration, lower mood, weaker immunity and a narrowing of perspective that makes problems seem larger than they are.

Sleep is the most obvious form of rest, and the evidence for its importance is overwhelming. The American Academy of Sleep Medicine and the Sleep Research Society recommend that adults regularly sleep **seven or more hours** a night. During sleep the brain consolidates memories, processes emotional experiences and carries out essential maintenance. Even modest, ongoing sleep loss is linked with changes in mood, attention and physical health.

But rest is wider than sleep. Many people sleep adequately and still feel depleted, because other kinds of rest are missing.

## The Many Kinds of Rest

It can be helpful to think of rest as having several dimensions:

- **Physical rest**: sleep, naps and gentle activities such as stretching that let the body recover.
- **Mental rest**: breaks from concentration and decision-making, even a few minutes at a time.
- **Sensory rest**: time away from screens, noise and notifications.
- **Emotional rest**: moments when you do not have to manage other people's feelings or hide your own.
- **Social rest**: time alone for some people, and easy company with people who restore you for others.
- **Creative and spiritual rest**: experiences of beauty, nature, music or prayer that lift us out of ourselves.

Notice which of these feel most depleted for you at the moment. Often the kind of rest we reach for, scrolling on a phone for instance, is not the kind we actually need.

## An Old Wisdom

The idea that rest is part of a well-lived life is not new. Many traditions build rest into the structure of time itself, from the weekly Sabbath to the seasonal rhythms of agricultural life. The Book of Ecclesiastes puts it with great economy:

> To every thing there is a season, and a time to every purpose under the heaven.
>
> — Ecclesiastes 3:1 (King James Version)

Seneca, in his essay *On Tranquillity of Mind*, made a similar point about the inner life. The mind, he argued, must be given relaxation, and it will rise better and keener after rest, much as fertile fields lose their strength if they are never left fallow. That is my paraphrase, but it captures his meaning. Writing at the end of the nineteenth century, the naturalist and statesman John Lubbock went further in *The Use of Life*: rest, he said, *is not idleness*, and an afternoon spent lying on the grass, listening to water or watching the clouds, is no waste of time at all.

${fence}gallery masonry
![A quiet night sky scattered with stars](/images/gallery/night-sky.svg "Night was once simply the time for rest; now it often has to be protected.")
![A candle glowing softly in a dim room](/images/gallery/candle.svg "A low, warm light in the evening tells the body that the day is ending.")
${fence}

## Building a Kinder Evening

Much of what helps sleep is unglamorous and consistent. Sleep specialists often group these habits under the heading of *sleep hygiene*. None of them is a magic fix, but together they make good sleep more likely.

1. **Keep a regular wake time.** Getting up at roughly the same time every day, including weekends, is one of the most effective ways to stabilise your body clock.
2. **Seek morning light.** Daylight early in the day helps set your circadian rhythm. A short walk outside can do more than you might expect.
3. **Watch caffeine and alcohol.** Caffeine can stay in your system for many hours, so consider stopping by early afternoon. Alcohol may help you fall asleep but tends to disrupt sleep later in the night.
4. **Create a wind-down hour.** Dim the lights, put screens away where you can, and choose calming activities: reading, a bath, gentle stretching, a few minutes of breathing practice.
5. **Keep the bed for sleep.** If you have been lying awake for what feels like twenty minutes or so, get up, do something quiet in low light, and return when you feel sleepy.
6. **Park your worries.** Earlier in the evening, write down what is on your mind and one next step for each item. It tells your mind that these things will not be forgotten.

### When Sleep Will Not Come

Almost everyone has occasional bad nights, and they are usually nothing to worry about. Trying too hard to sleep tends to backfire, because sleep, like wu wei, comes when we stop forcing it. But if difficulty sleeping persists for weeks, affects your daytime life, or comes with loud snoring, gasping or low mood, please talk to your doctor.

For chronic insomnia, the best-supported treatment is not medication but **cognitive behavioural therapy for insomnia**, known as CBT-I. Clinical guidelines, including those of the American College of Physicians, recommend it as the first-line treatment. It is a structured programme that addresses the habits and worries that keep insomnia going, and it is increasingly available through trained therapists and reputable digital programmes.

## Giving Yourself Permission

For many of my clients, the hardest part of rest is not practical but emotional. They feel guilty stopping. Somewhere along the way they learned that their worth depends on their output. If this sounds familiar, it may help to ask: *would I ask a friend to earn their sleep? Would I tell a tired child they had not done enough to deserve a nap?*

**You do not have to justify rest.** It is part of being a living creature, not a sign of weakness. Tonight, try offering yourself one small act of rest without conditions: ten minutes outside, an earlier bedtime, a phone left in another room. Then notice how tomorrow feels.`;

export const seedArticles: SeedArticle[] = [
  {
    id: 1,
    title: "The Stoic Art of Focusing on What You Can Control",
    excerpt:
      "Epictetus taught that peace of mind begins with one distinction: what is up to us, and what is not. Here is how that ancient idea becomes a daily practice.",
    content: STATIC_ESSAYS.stoicism,
    imageUrl: "/images/articles/article-1.svg",
    category: "Philosophy",
    readingTime: 7,
    author: "Dr. Elena Marsh",
    featured: true,
    publishedDate: "2025-03-05",
  },
  {
    id: 2,
    title: "Mindfulness in Everyday Life: Coming Home to the Present Moment",
    excerpt:
      "Mindfulness is not about emptying the mind but about returning to the life you are already living. A practical guide to bringing attention into ordinary days.",
    content: STATIC_ESSAYS.mindfulness,
    imageUrl: "/images/articles/article-2.svg",
    category: "Mindfulness",
    readingTime: 6,
    author: "Samuel Okafor",
    featured: true,
    publishedDate: "2025-05-14",
  },
  {
    id: 3,
    title: "Befriending the Inner Critic: Self-Compassion in Counselling",
    excerpt:
      "Many of us speak to ourselves in ways we would never speak to a friend. A counselling psychologist explains what self-compassion is, what it is not, and how to practise it.",
    content: selfCompassion,
    imageUrl: "/images/articles/article-3.svg",
    category: "Psychology",
    readingTime: 6,
    author: "Dr. Priya Raman",
    featured: true,
    publishedDate: "2025-08-20",
  },
  {
    id: 4,
    title: "Existentialism and the Courage to Choose",
    excerpt:
      "Kierkegaard, Sartre, de Beauvoir and Camus asked what it means to live without a ready-made script. Their answer: freedom is heavy, and it is ours.",
    content: STATIC_ESSAYS.existentialism,
    imageUrl: "/images/articles/article-4.svg",
    category: "Philosophy",
    readingTime: 6,
    author: "Dr. Elena Marsh",
    featured: false,
    publishedDate: "2024-10-08",
  },
  {
    id: 5,
    title: "Impermanence and the Four Noble Truths",
    excerpt:
      "The Buddha's first teaching reads like a physician's diagnosis: suffering, its cause, its end and the path. At its centre lies a simple truth: everything changes.",
    content: buddhismImpermanence,
    imageUrl: "/images/articles/article-5.svg",
    category: "Spirituality",
    readingTime: 6,
    author: "Samuel Okafor",
    featured: false,
    publishedDate: "2024-11-19",
  },
  {
    id: 6,
    title: "Philosophy Basics: Five Questions Worth Asking",
    excerpt:
      "New to philosophy? Start with the questions, not the jargon. Five enduring questions about knowledge, reality, ethics, the self and meaning, and how to begin exploring them.",
    content: philosophyBasics,
    imageUrl: "/images/articles/article-6.svg",
    category: "Philosophy",
    readingTime: 6,
    author: "Dr. Elena Marsh",
    featured: false,
    publishedDate: "2024-09-10",
  },
  {
    id: 7,
    title: "Everyday Ethics: Four Lenses for Ordinary Choices",
    excerpt:
      "Consequences, duty, character and care: four great ethical traditions, and how to use them together when the everyday choices get hard.",
    content: STATIC_ESSAYS.ethics,
    imageUrl: "/images/articles/article-7.svg",
    category: "Philosophy",
    readingTime: 6,
    author: "Dr. Elena Marsh",
    featured: false,
    publishedDate: "2025-01-22",
  },
  {
    id: 8,
    title: "Appearance and Reality: A Gentle Introduction to Metaphysics",
    excerpt:
      "What is the world really made of, and is it as it seems? From Heraclitus's river to Plato's cave and Zhuangzi's butterfly, a tour of philosophy's deepest questions.",
    content: STATIC_ESSAYS.metaphysics,
    imageUrl: "/images/articles/article-8.svg",
    category: "Philosophy",
    readingTime: 6,
    author: "Dr. Elena Marsh",
    featured: false,
    publishedDate: "2025-04-09",
  },
  {
    id: 9,
    title: "Wu Wei: Mindfulness and the Taoist Art of Not Forcing",
    excerpt:
      "The Taoist ideal of wu wei is not doing nothing but acting without strain. What water, a skilled cook and a mindful pause can teach us about effortless action.",
    content: wuWei,
    imageUrl: "/images/articles/article-9.svg",
    category: "Mindfulness",
    readingTime: 6,
    author: "Samuel Okafor",
    featured: false,
    publishedDate: "2025-06-25",
  },
  {
    id: 10,
    title: "Rest Is Not a Reward: Sleep, Stillness and a Kinder Pace",
    excerpt:
      "Many of us treat rest as something to be earned. A counselling psychologist on why rest is a foundation, not a prize, and how to build evenings that restore you.",
    content: restAndSleep,
    imageUrl: "/images/articles/article-10.svg",
    category: "Wellness",
    readingTime: 6,
    author: "Dr. Priya Raman",
    featured: false,
    publishedDate: "2025-10-01",
  },
];

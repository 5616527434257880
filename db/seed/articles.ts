import type { SeedArticle } from "./types";

/** Opening and closing fence for image groups; kept in a constant so the essays need no escaped backticks. */
const fence = "```";

const stoicControl = `Every morning brings its small tyrannies: the train that does not come, the message that arrives in a tone you did not expect, the headline you can do nothing about. Most of us meet these moments the same way, with a tightening in the chest and a quiet conviction that things ought to be otherwise. The Stoics, a school of philosophers who taught in Athens and Rome for more than five hundred years, would not tell you that the train and the headline do not matter. They would ask a simpler and more searching question: *which part of this is actually yours?*

## The Dichotomy of Control

Epictetus was born into slavery in Hierapolis, in what is now Turkey, around 50 CE. He was eventually freed, taught philosophy in Rome, and, after the emperor Domitian banished philosophers from the city, opened a school at Nicopolis in Greece. He wrote nothing himself. What we have comes from his student Arrian, who recorded the *Discourses* and distilled them into a short handbook, the *Enchiridion*. Its very first lines set out the idea on which everything else rests:

> Some things are in our control and others not. Things in our control are opinion, pursuit, desire, aversion, and, in a word, whatever are our own actions. Things not in our control are body, property, reputation, command, and, in one word, whatever are not our own actions.
>
> — Epictetus, *Enchiridion* 1 (trans. Elizabeth Carter)

It is easy to read this quickly and nod. It is much harder to live by it, because almost everything we worry about sits in the second list. Other people's opinions of us, the state of our health, the outcome of the interview, the way a conversation will land: none of these is fully ours to decide. What *is* ours is narrower, but it is also more powerful than it first appears.

### What lies within the circle

- **Your judgements**: the story you tell yourself about what has happened.
- **Your intentions**: what you are aiming at, and why.
- **Your effort**: how fully you show up for the task in front of you.
- **Your response**: the words you choose, the tone you take, the next step you make.

### What lies outside it

- Other people's choices, moods and opinions.
- The past, which is finished, and the future, which has not arrived.
- The results of your efforts, which depend on countless factors besides you.
- Much of what happens to your body, your possessions and your reputation.

## A Misunderstanding Worth Clearing Up

Stoicism is often mistaken for a philosophy of the stiff upper lip: feel nothing, accept everything, never complain. That is not what the Stoics taught. They cared intensely about justice, friendship and public life. Marcus Aurelius governed an empire; Seneca advised an emperor and wrote constantly about his friends. Their point was not that we should stop acting in the world, but that we should **act fully while holding outcomes lightly**.

Cicero, describing the Stoic view in *On Ends*, compares the wise person to an archer. The archer chooses the bow, studies the wind, draws and aims with all the skill he has. Whether the arrow strikes the target depends in part on things he cannot govern: a gust, a flinch, a moving mark. The archer's real task, and his real achievement, is to shoot well. Hitting the target is to be welcomed, but it is not where his worth lies.

This small shift changes a great deal. If your goal is *to be promoted*, you have staked your peace of mind on a decision someone else will make. If your goal is *to do excellent, honest work and to make your case clearly*, you can succeed at it every single day.

## Marcus Aurelius and the Morning Rehearsal

The most famous practitioner of these ideas was an emperor who never meant to publish a word. Marcus Aurelius wrote his *Meditations* as private notes to himself, many of them during military campaigns along the Danube. One of the best known opens Book Two:

> Begin the morning by saying to thyself, I shall meet with the busy-body, the ungrateful, arrogant, deceitful, envious, unsocial.
>
> — Marcus Aurelius, *Meditations* 2.1 (trans. George Long)

This can sound gloomy, but it is really a kind of emotional preparation. Marcus goes on to remind himself that the people who behave badly do so out of ignorance, that they are his kin, and that no one can actually harm his character without his consent. By rehearsing difficulty in advance, a practice later writers called *praemeditatio malorum*, he removes the element of shock. The irritating colleague is no longer an outrage against the order of the universe. He is simply part of the day, and the day is something Marcus intends to meet well.

${fence}gallery grid
![Weathered stone columns of a Greek portico in early morning light](/images/gallery/stoa.svg "The painted porch, or Stoa Poikile, in Athens gave the Stoics their name.")
![Marble bust of the Roman emperor Marcus Aurelius, bearded and calm](/images/gallery/marcus-aurelius.svg "Marcus Aurelius wrote the Meditations as private notes, never intending them for readers.")
${fence}

## Putting It into Practice

The dichotomy of control becomes useful only when it becomes a habit. Here is a simple exercise you can do on paper whenever something is weighing on you.

1. **Name the situation** in one plain sentence, without commentary. "My manager has not replied to my proposal" rather than "I am being ignored again."
2. **Draw two columns.** In the first, list every aspect of the situation that is up to you. In the second, list everything that is not.
3. **Choose your contribution.** Look only at the first column and decide on one concrete action: a follow-up message, a conversation, a decision to wait until Friday.
4. **Add a reserve clause.** The Stoics often framed their intentions with a quiet condition: *I will do this, if nothing prevents me.* It is not pessimism; it is honesty about how the world works.
5. **Review the day in the evening.** Seneca describes examining each day before sleep, asking what he had done well and what he might do better, and then letting it go. A few lines in a notebook are enough.

## When Control Is Partial

Most real situations are not neatly divided. Your health is partly shaped by your habits and partly by genes and chance. A relationship depends on both people. Modern readers sometimes speak of a third category, things we *influence* but do not control. The Stoic move here is to **internalise your goals**: to aim not at the outcome itself but at your own part in bringing it about. You cannot guarantee a good night's sleep, but you can put your phone away at ten. You cannot make someone forgive you, but you can apologise sincerely and change what needs changing.

This is not resignation. It is a way of spending your energy where it can do some good, instead of pouring it into worry about things that will unfold regardless.

${fence}gallery single
![A still mountain lake reflecting pale peaks under a clear sky](/images/gallery/mountain-lake.svg "Calm is not the absence of weather; it is a way of meeting it.")
${fence}

## The Freedom on the Other Side

There is a paradox at the heart of Stoicism. By accepting how little we command, we discover how much we have. A freed slave teaching in a provincial town and an emperor at the head of an army arrived at the same conclusion: that the one thing no one can take from us is the way we choose to respond.

Try the two-column exercise the next time you feel the familiar tightening. Notice what happens when you stop arguing with the second column and give your full attention to the first. You may find, as the Stoics did, that **peace is less a matter of circumstances than of where you place your effort**.

If you would like to read further, the Elizabeth Carter translation of the *Enchiridion* is freely available from the [Internet Classics Archive](https://classics.mit.edu/Epictetus/epicench.html), and George Long's translation of the *Meditations* can be read at the [same archive](https://classics.mit.edu/Antoninus/meditations.html).`;

const mindfulnessEveryday = `Much of life happens while we are somewhere else. We eat lunch while reading messages, walk to the station while rehearsing an argument, sit with a child while planning tomorrow. None of this is a moral failing; it is simply how human minds work. But it does mean that many of our days pass without our quite being there for them. Mindfulness is the practice of coming back.

## What Mindfulness Is, and What It Is Not

The English word *mindfulness* is a translation of the Pali term *sati*, which carries the sense of remembering: recollecting, moment by moment, what is happening now. In the early Buddhist discourses it appears as one of the factors of awakening, cultivated through attention to the body, to feelings, to the mind and to the patterns of experience.

In 1979 Jon Kabat-Zinn, a molecular biologist with a long meditation practice, brought these methods into a hospital setting at the University of Massachusetts Medical School. His eight-week programme, **Mindfulness-Based Stress Reduction**, was designed for patients living with chronic pain and illness, and it deliberately set aside religious language. His working definition has become the standard one: paying attention on purpose, in the present moment, and without judgement.

It helps to be clear about what mindfulness is *not*:

- It is not emptying the mind. Thoughts will come; the practice is noticing them.
- It is not relaxation, although relaxation often follows.
- It is not positive thinking. You are not asked to feel anything in particular, only to notice what you do feel.
- It is not a private achievement to be graded. There is no such thing as being good or bad at it.

## The Wandering Mind

In 2010 the psychologists Matthew Killingsworth and Daniel Gilbert published a study in the journal *Science* under the memorable title "A Wandering Mind Is an Unhappy Mind." Using a smartphone app, they asked thousands of people at random moments what they were doing, what they were thinking about and how they felt. People's minds were wandering in nearly half of the samples, and they were generally less happy when their minds wandered than when they did not, even when the activity itself was dull.

The finding will not surprise anyone who has tried to meditate. The ancient texts knew it well:

> It is good to tame the mind, which is difficult to hold in and flighty, rushing wherever it listeth; a tamed mind brings happiness.
>
> — *The Dhammapada*, verse 35 (trans. F. Max Müller)

The word *tame* can sound harsh. In practice, taming the mind is closer to training a young dog than to breaking a horse. You notice that it has wandered off, and you bring it back, patiently, without scolding, as many times as it takes. **The moment of noticing is the practice.** Every return is a small repetition that strengthens attention, just as lifting a weight strengthens a muscle.

${fence}gallery masonry
![A single candle flame burning steadily in a dark room](/images/gallery/candle.svg "A candle is a traditional object of attention: simple, alive and always changing.")
![Smooth grey stones stacked in balance beside raked sand](/images/gallery/zen-stones.svg)
![A clear river flowing over rounded stones](/images/gallery/river.svg "Thoughts can be watched the way one watches a river, without needing to wade in.")
${fence}

## Bringing Practice into an Ordinary Day

Formal meditation, sitting for ten or twenty minutes with your attention on the breath, is valuable, and it is worth building into your routine. But mindfulness is meant to leave the cushion. The most lasting changes tend to come from small moments woven through the day.

### Five everyday doorways

1. **The first breath.** Before you open your inbox or unlock your phone, take one slow breath and feel it all the way in and all the way out.
2. **Washing up.** Feel the warmth of the water, the weight of each plate, the smell of the soap. Let washing up be only washing up.
3. **Walking.** Between the car and the office, or the kitchen and the front door, feel your feet meet the ground. You do not need to walk slowly; you only need to be there.
4. **The first three bites.** At each meal, give full attention to the first three mouthfuls: colour, texture, taste. Then eat as you normally would.
5. **The pause before speaking.** In a tense conversation, notice the urge to reply and wait one breath before you do.

### A short practice called STOP

When you notice stress building, try this four-step pause, widely taught in mindfulness courses:

- **S**top what you are doing, just for a moment.
- **T**ake a breath, and feel it.
- **O**bserve what is here: sensations in the body, emotions, thoughts.
- **P**roceed, choosing your next action with a little more awareness.

The whole thing can take less than a minute. It does not make problems disappear, but it opens a small space between what happens and how you respond, and that space is where choice lives.

## Common Obstacles

**"I don't have time."** Start with one minute. Consistency matters far more than duration, and a minute a day for a month will teach you more than an hour once.

**"My mind is too busy."** Everyone's is. A busy mind is not an obstacle to mindfulness; it is the material mindfulness works with.

**"I keep forgetting."** Attach the practice to something you already do: brushing your teeth, waiting for the kettle, sitting down at your desk. Let the habit carry the reminder.

**"It makes me feel worse."** Sometimes turning towards experience means meeting feelings we have been holding at arm's length. That is normal in small doses. If practice regularly stirs up distress, especially if you have a history of trauma, it is wise to slow down, keep your eyes open, anchor your attention in the feet or hands rather than the breath, and work with an experienced teacher or therapist.

## Coming Home

There is a gentleness at the heart of this practice that is easy to miss. Mindfulness does not ask you to become a different person or to fix what you find. It asks you to *show up*: to be present for your own life, including the parts that are ordinary, boring or difficult.

Tomorrow, choose one of the five doorways above and walk through it each day for a week. Notice what you notice. You may find that the present moment, which we spend so much energy avoiding, was never the problem. It was simply waiting for us to arrive.`;

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

const existentialism = `Sooner or later, most of us arrive at a moment when the scripts we were handed stop working. A career we chose at twenty no longer fits. A loss leaves the world looking strangely arbitrary. Or we simply wake one morning and wonder, with an unfamiliar clarity, *why am I doing any of this?* The existentialists did not regard such moments as breakdowns. They regarded them as the beginning of an honest life.

## Where Existentialism Comes From

Existentialism is less a single doctrine than a family resemblance among thinkers who took the concrete, lived situation of the individual as their starting point. Its roots are usually traced to two nineteenth-century outsiders. **Søren Kierkegaard**, writing in Copenhagen in the 1840s, attacked the comfortable Christianity of his day and insisted that truth which matters must be truth *for me*, something I commit to with my whole life. **Friedrich Nietzsche**, a generation later, announced the death of God, meaning the collapse of a shared framework of meaning in modern Europe, and asked what human beings would do without it.

The movement took its name and its public fame in Paris after the Second World War. **Jean-Paul Sartre**, **Simone de Beauvoir** and, at a slight angle to them, **Albert Camus** wrote novels, plays and essays that made questions of freedom, absurdity and responsibility the talk of cafés and lecture halls.

## Existence Precedes Essence

In a lecture given in Paris in October 1945, later published as *Existentialism Is a Humanism*, Sartre offered the slogan that has come to summarise the whole movement: *existence precedes essence*.

He explained it with a paper-knife. Before a paper-knife is made, its maker already has a purpose in mind; its essence, what it is for, comes first. Human beings, Sartre argued, are not like this. There is no blueprint we were built to fulfil. We first exist, find ourselves in the world, and only then define ourselves through what we do.

This is both exhilarating and frightening. If there is no fixed human nature telling me who to be, then I am responsible for who I become. I cannot hide behind my upbringing, my temperament or the expectations of others. They shape my situation, but they do not make my choices for me.

### The Dizziness of Freedom

Kierkegaard had already noticed what this kind of freedom feels like from the inside. In *The Concept of Anxiety* he compares it to standing at the edge of a deep drop: the vertigo comes not only from the fall but from the realisation that you *could* jump. Anxiety, he wrote, is the dizziness of freedom.

This reframing matters. On an existentialist view, some anxiety is not a malfunction to be eliminated but the natural companion of being a creature who must choose. It signals that something real is at stake. Kierkegaard also gave us one of philosophy's most quoted observations about why choosing is so hard:

> Life can only be understood backwards; but it must be lived forwards.
>
> — Søren Kierkegaard, *Journals* (1843)

We never have all the information. We act first and understand later. The existentialists ask us to accept this, and to choose anyway.

${fence}gallery grid
![A vast night sky full of stars above a dark horizon](/images/gallery/night-sky.svg "Faced with the silence of the universe, the existentialists asked what we will make of ourselves.")
![An open ocean stretching to a distant, unbroken horizon](/images/gallery/ocean-horizon.svg "Freedom can feel like an open sea: no map, and every direction possible.")
${fence}

## Bad Faith and Authenticity

If freedom is uncomfortable, we will naturally look for ways to avoid it. Sartre called this evasion **bad faith**. His most famous example, from *Being and Nothingness*, is a café waiter whose every movement is a little too precise, a little too eager, as though he were playing the role of *waiter* rather than being a free person who happens to wait tables. He has turned himself into a thing.

We all do versions of this. We say *I have no choice* when we mean *the other choices would be costly*. We say *that's just who I am* to avoid the effort of change. We let roles such as employee, parent or patient speak for us so completely that we forget there is someone underneath.

The alternative is **authenticity**: owning our choices, acknowledging our situation honestly, and acting from values we have made our own. Authenticity does not mean doing whatever we like. De Beauvoir, in *The Ethics of Ambiguity*, insisted that to will my own freedom is also to will the freedom of others. An authentic life is a responsible one.

## The Absurd, and Sisyphus

Camus approached these questions from a different angle. He described the *absurd* as the collision between our hunger for meaning and the silence of a universe that does not answer. In *The Myth of Sisyphus* he turned to the Greek figure condemned by the gods to push a boulder up a hill forever, only to watch it roll down again.

Camus did not conclude that Sisyphus's life was hopeless. He concluded that by fully recognising his fate and continuing anyway, Sisyphus becomes greater than the rock. The essay ends with a famous line: *one must imagine Sisyphus happy*. Meaning, for Camus, is not found waiting at the top of the hill. It is made in the pushing.

## Existentialism in the Counselling Room

These ideas have travelled well beyond philosophy departments. The psychiatrist Irvin Yalom, in his book *Existential Psychotherapy*, identified four *givens* of human existence that he believed lie beneath much of our distress:

1. **Death**: the knowledge that our lives are finite.
2. **Freedom**: the responsibility that comes with having no fixed script.
3. **Isolation**: the fact that, however close we are to others, we each experience life from the inside.
4. **Meaninglessness**: the absence of a ready-made purpose handed to us by the universe.

Yalom's insight was that facing these givens honestly, rather than defending against them, can be a source of vitality. People who have confronted their mortality often report a sharper sense of what matters. Nietzsche made a similar point when he suggested, roughly, that someone who has a *why* to live for can bear almost any *how*.

## Questions for Your Own Reflection

You do not need to read Sartre to think existentially. Try sitting with a few of these questions, perhaps in a journal:

- Where in my life am I saying *I have no choice* when I actually do?
- Which of my values did I choose, and which did I simply inherit?
- If I knew I had five years left, what would I stop doing? What would I begin?
- What is my boulder, and how might I push it with more freedom?

## Choosing Who You Become

Existentialism has a reputation for gloom, with its talk of anxiety, death and absurdity. But read closely, it is one of the most hopeful philosophies we have. It says that you are not finished, that your past does not decide your future, and that **meaning is something you can make** rather than something you must wait to be given. The responsibility is heavy. So is the freedom. The existentialists ask only that we pick it up.`;

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

const everydayEthics = `Most of the moral decisions we make are not dramatic. We are rarely asked to pull levers on runaway trolleys. Instead we are asked whether to mention a colleague's mistake, how honest to be with a friend about their new partner, whether to spend the afternoon with an ageing parent or on work that is overdue. These are the real materials of ethical life, and they are worth thinking about with care.

Philosophers have developed several broad frameworks for such questions. None of them settles every case, but each highlights something the others can miss. Used together, they work less like rival theories and more like different lenses on the same situation.

## Four Lenses

### Consequences: What Will Happen?

The first lens asks us to look at outcomes. **Consequentialism** holds that the right action is the one that produces the best results. Its most famous version, *utilitarianism*, was developed by Jeremy Bentham in the late eighteenth century and refined by John Stuart Mill in the nineteenth. Bentham's guiding principle was that we should seek the greatest happiness of the greatest number.

Mill worried that this might sound like a philosophy of pleasure-seeking, and distinguished higher pleasures, of intellect, feeling and imagination, from lower ones. In *Utilitarianism* he wrote that it is better to be a human being dissatisfied than a pig satisfied, and better to be Socrates dissatisfied than a fool satisfied.

*What this lens gets right:* actions have effects on real people, and we are responsible for thinking them through. *Where it strains:* it can seem to permit terrible acts if the numbers add up, and it asks us to predict outcomes we often cannot foresee.

### Duty: What Is Owed?

The second lens focuses not on results but on principles. **Deontology**, from the Greek word for duty, holds that some actions are right or wrong in themselves. Its greatest exponent, Immanuel Kant, argued that morality rests on reason, not feeling, and that we should act only on principles we could will everyone to follow.

Kant's most memorable formulation is about the dignity of persons:

> So act as to treat humanity, whether in thine own person or in that of any other, in every case as an end withal, never as means only.
>
> — Immanuel Kant, *Fundamental Principles of the Metaphysic of Morals* (trans. Thomas Kingsmill Abbott)

*What this lens gets right:* people are not tools, and some lines should not be crossed whatever the benefit. *Where it strains:* duties can conflict, and strict rules such as *never lie* can produce harsh results in hard cases.

### Character: Who Am I Becoming?

The third lens is the oldest. **Virtue ethics**, rooted in Aristotle, asks not *what should I do?* but *what kind of person should I be?* For Aristotle, the virtues, such as courage, generosity, honesty and justice, are stable traits of character that allow a person to flourish and to act well in varied circumstances. Many of them lie in a mean between two extremes: courage sits between cowardice and recklessness, generosity between meanness and extravagance.

Crucially, virtues are acquired by practice. In the *Nicomachean Ethics* Aristotle observes that we become just by doing just acts, temperate by doing temperate acts and brave by doing brave acts. And a good life is judged over the long run:

> For as it is not one swallow or one fine day that makes a spring, so it is not one day or a short time that makes a man blessed and happy.
>
> — Aristotle, *Nicomachean Ethics* I.7 (trans. W. D. Ross)

*What this lens gets right:* ethics is not only about isolated choices but about the shape of a whole life, and *practical wisdom*, the ability to see what a situation calls for, cannot be reduced to a formula. *Where it strains:* telling someone to act as a virtuous person would act is not always a clear guide when they are genuinely unsure.

${fence}gallery grid
![A woodland path dividing into two under tall trees](/images/gallery/forest-path.svg "Most moral choices are less like crossroads than like paths walked daily.")
![Early sunlight rising over quiet fields](/images/gallery/sunrise.svg "Aristotle's point: character is built slowly, one ordinary day at a time.")
${fence}

### Care: Who Is in Front of Me?

In the late twentieth century a fourth perspective emerged. The psychologist Carol Gilligan, in *In a Different Voice*, argued that traditional theories had overlooked a moral outlook centred on relationships and responsibility. The philosopher Nel Noddings developed this into an **ethics of care**, which begins not with abstract principles but with the concrete needs of particular people who depend on one another.

*What this lens gets right:* much of moral life happens in families, friendships and communities, where impartial rules can feel cold or beside the point. *Where it strains:* care for those close to us can make us partial in ways that are unfair to strangers.

## Putting the Lenses Together

Consider a simple case. A colleague you like has made an error in a report that will go to a client tomorrow. Nobody else has noticed. Pointing it out will embarrass them; staying silent may cause problems for the client and the team.

Each lens lights up a different side of the decision:

1. **Consequences:** What harms might follow from silence? From speaking up? Is there a way to correct the error that minimises embarrassment?
2. **Duty:** What do I owe the client, who is relying on accurate work? What do I owe my colleague as a person rather than an obstacle?
3. **Character:** What would an honest and kind person do here? What habit am I strengthening by my choice?
4. **Care:** What does my colleague actually need from me right now? How can I protect the relationship while telling the truth?

In this case the lenses converge: tell your colleague privately and promptly, and help them put it right. That convergence is common. When the lenses disagree, the disagreement itself is useful. It shows you exactly where the hard part of the decision lies.

## Ethics as a Practice

It is tempting to think of ethics as a subject you study once and then apply. The ancient philosophers saw it differently. For them, living ethically was a skill, like medicine or music, that improves with attention and practice. **Every small choice is a rehearsal** for the larger ones.

A useful habit is to spend a few minutes at the end of each week recalling one moment when you acted well and one when you fell short. Ask what each lens would say about them. Over time you may notice that your instincts begin to change, which is exactly what Aristotle predicted. If you want to go further, the [Stanford Encyclopedia of Philosophy](https://plato.stanford.edu/) has excellent free entries on each of these traditions.`;

const metaphysics = `Look up from this page for a moment. There is a room, or a street, or a train carriage; there are colours, sounds, perhaps other people. It all seems obviously, solidly *there*. Yet the moment we ask what any of it is really made of, or whether it is as it appears, we find ourselves in one of the oldest and strangest fields of human thought. Welcome to metaphysics.

## A Name That Was an Accident

The word *metaphysics* has an unusual history. Aristotle wrote a series of treatises on what he called *first philosophy*: the study of being as such, of substance, cause and change. According to a long tradition, when his works were edited in the first century BCE, these writings were placed after his books on nature, the *Physics*. They became known as *ta meta ta phusika*, the books after the physics. A shelving decision gave a discipline its name.

The opening line of that collection sets the tone for everything that follows:

> All men by nature desire to know.
>
> — Aristotle, *Metaphysics* I.1 (trans. W. D. Ross)

Metaphysics is that desire pushed as far as it will go: beyond what things are made of, to what it means for anything to *be* at all.

## The Big Questions

Metaphysicians ask questions that science often assumes rather than answers. Some of the most enduring include:

- **What exists?** Only physical things, or also minds, numbers, values and possibilities?
- **What is change?** How can something alter and yet remain the same thing?
- **What is time?** Does it flow, or is the past as real as the present?
- **Are we free?** If every event has a cause, what becomes of choice?
- **How do mind and body relate?** How does the grey matter of the brain give rise to the vivid experience of seeing red or feeling sad?

## The River and the Sphere

Western metaphysics begins with an argument about change. **Heraclitus** of Ephesus, writing around 500 BCE, saw the world as constant flux, and Plato later summed up his view in a famous image: you cannot step twice into the same river. New waters are always flowing by. Stability, for Heraclitus, is a kind of balance among opposing forces, like the tension in a drawn bow.

His near contemporary **Parmenides** took the opposite view. Reasoning carefully about what it means to say that something *is*, he concluded that change and plurality must be illusions: reality is one, unchanging and whole, which he compared to a perfectly rounded sphere. The senses, which report a world of motion and variety, mislead us.

Most later philosophers tried to find a way between these extremes. Their debate still echoes in modern physics, where some theorists argue that the passage of time is less fundamental than it feels.

${fence}gallery masonry
![A broad river winding through a green valley](/images/gallery/river.svg "Heraclitus: the river stays, though its waters never do.")
![A star-filled night sky over dark hills](/images/gallery/night-sky.svg)
![A calm ocean meeting the sky at a faint horizon](/images/gallery/ocean-horizon.svg "Where does appearance end and reality begin?")
${fence}

## Shadows on the Wall

Plato gave the distinction between appearance and reality its most memorable form. In the *Republic* he imagines prisoners chained in a cave since birth, able to see only shadows cast on the wall in front of them by objects carried past a fire. Having never seen anything else, they take the shadows for the whole of reality. When one prisoner is freed and led up into the sunlight, he is at first dazzled and confused, and only slowly comes to understand what the shadows were shadows of.

For Plato the world of the senses is something like those shadows, and true reality consists of the eternal *Forms* that philosophy allows us to grasp. You need not accept his theory to feel the force of the image. Most of us have had the experience of realising that something we took for granted was only a partial view.

## Doubt, Ideas and Things in Themselves

In the early modern period the question turned inward. **René Descartes** asked how we can be sure the external world exists at all, and concluded that mind and matter are two fundamentally different kinds of thing, a position known as *dualism*. It left him with a famous puzzle: how can an immaterial mind move a physical body?

**George Berkeley**, an Irish bishop, offered a startling answer in 1710: there is no matter independent of minds. To be is to be perceived. Samuel Johnson, told that Berkeley's argument was impossible to refute, is said to have kicked a large stone and declared, *I refute it thus.* Philosophers have enjoyed pointing out ever since that the kick proves rather less than Johnson thought.

**Immanuel Kant** proposed a subtler resolution. We can know things only as they appear to us, shaped by the forms of our own experience, such as space, time and causation. Things as they are in themselves, independent of any observer, remain beyond our reach. Reality, on this view, is real enough; we simply meet it through a particular human lens.

### A Butterfly's Dream

Western thinkers were not alone in these puzzles. The Chinese philosopher Zhuangzi tells of dreaming that he was a butterfly, fluttering happily about, with no idea that he was Zhuangzi. Then he woke, and was unmistakably Zhuangzi again. But he could not tell, he says, whether he was Zhuangzi who had dreamed of being a butterfly, or a butterfly now dreaming of being Zhuangzi. The story is playful, but it poses a serious question: what grounds our confidence that waking life is the real one?

## Why Metaphysics Still Matters

It is fair to ask whether any of this makes a difference. I think it does, in at least three ways.

1. **It shapes how we treat ourselves and others.** Whether we think persons are merely physical systems, or something more, affects how we think about responsibility, punishment and care.
2. **It sits beneath science.** Questions about causation, laws of nature and the nature of consciousness, which the philosopher David Chalmers famously called the *hard problem*, are where physics and neuroscience meet philosophy.
3. **It cultivates humility.** Every serious encounter with metaphysics reminds us that the world is stranger and deeper than our everyday assumptions suggest.

## Living with Open Questions

Metaphysics rarely delivers final verdicts. After two and a half thousand years, philosophers still disagree about free will, time and the nature of mind. That can feel disappointing, but it can also be liberating. **Wonder is not a stage to be outgrown** on the way to certainty; it is one of the most honest responses to a universe we did not make and do not fully understand.

The next time you look up from a page and see the room around you, let it be a little strange. That small shock of strangeness is where all philosophy begins. For a thorough and free overview of the field, the [Stanford Encyclopedia of Philosophy](https://plato.stanford.edu/entries/metaphysics/) entry on metaphysics is an excellent place to start.`;

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
    content: stoicControl,
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
    content: mindfulnessEveryday,
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
    content: existentialism,
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
    content: everydayEthics,
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
    content: metaphysics,
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

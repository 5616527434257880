/**
 * The five static essays: the body of an article that has no Markdown of its own (app/server/content/article-body.server.ts
 * picks one by the rule there), and the content of the seed articles on those topics (db/seed/articles.ts).
 * App content, not seed data: the running site needs them whether or not the database was ever seeded.
 */

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

export const STATIC_ESSAYS = {
  mindfulness: mindfulnessEveryday,
  existentialism,
  ethics: everydayEthics,
  metaphysics,
  stoicism: stoicControl,
} as const;

export type StaticEssay = keyof typeof STATIC_ESSAYS;

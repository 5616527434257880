import type { SeedCourse } from "../types";
import { lessonRecordings } from "./recordings";

/** Lesson texts, kept as constants so the course structure below stays easy to read. */

const whoWereTheStoics = `Around the year 300 BCE, a merchant from Cyprus began talking philosophy in a public colonnade on the edge of the Athenian marketplace. Anyone could stop and listen, and many did. The school that grew from those conversations lasted five centuries, counted a former slave and a Roman emperor among its members, and left behind a handful of books that people still keep beside their beds. This first lesson tells that story briefly, and asks why so old a philosophy still feels so close.

## A Shipwreck and a Bookshop

Zeno was born around 334 BCE in Citium, a Greek-speaking town on Cyprus. According to the ancient biographer Diogenes Laertius, he was a trader in purple dye who reached Athens by accident, after a shipwreck cost him his cargo. In a bookshop he picked up Xenophon's memoir of Socrates, and was so moved that he asked where such men could be found. Just then Crates, a Cynic philosopher famous for his simple life, walked past, and the bookseller told Zeno, in effect, to follow him. Zeno did. Years later, so the story goes, he joked that he had made a prosperous voyage on the day he was shipwrecked.

Whether or not every detail is true, the story captures something essential. Stoicism began with a loss, and with the discovery that a loss can become the start of something better.

## The Painted Porch

Zeno later began to teach in the **Stoa Poikile**, the "painted porch", a long covered walkway decorated with paintings of famous battles, including Marathon. His followers were at first called Zenonians, and then simply Stoics: the people of the porch.

His successors, Cleanthes and above all Chrysippus, built his teaching into a complete system of logic, physics and ethics. They compared philosophy to an orchard: logic is the protecting wall, the study of nature the soil and trees, and ethics the fruit. The fruit was the point. Their aim was a life "in agreement with nature", which for human beings meant a life guided by reason and lived in fellowship with others.

## The Roman Stoics

Most of the early Greek writings are lost. What has come down to us in full comes mainly from three Romans, and they are the voices you will hear most often in this course.

- **Seneca** (c. 4 BCE to 65 CE) was a statesman, dramatist and one of the richest men in Rome. He tutored and advised the emperor Nero, and in old age wrote letters to his friend Lucilius about how to live. Accused of conspiracy, he was ordered by Nero to take his own life.
- **Epictetus** (c. 50 to c. 135 CE) was born a slave in Hierapolis, in what is now Turkey. He studied with the Stoic Musonius Rufus, was freed, and taught in Rome until the emperor Domitian banished the philosophers, after which he opened a school at Nicopolis in Greece. His student Arrian wrote down his lectures as the *Discourses* and a short *Handbook*, or *Enchiridion*.
- **Marcus Aurelius** (121 to 180 CE) became emperor in 161. In his later years, much of it spent on military campaigns along the Danube, he kept a notebook in Greek addressed to himself. We call it the *Meditations*. He never meant anyone else to read it. In its first book he thanks his teacher Rusticus for lending him a copy of Epictetus's lectures.

A freed slave and an emperor, reaching the same conclusions by different roads: that is part of what makes the school so persuasive.

## Why They Still Speak to Us

The Stoics thought of philosophy not as a subject but as a way of living, a kind of training; the historian Pierre Hadot showed how their writings were meant to be practised rather than merely read. Their influence runs deep. The founders of cognitive behavioural therapy, Albert Ellis and Aaron Beck, both acknowledged a debt to Epictetus's insight that we are disturbed less by events than by our judgements about them.

One misunderstanding is worth clearing up at the start. To be "stoic" with a small s means to grit your teeth and feel nothing. The Stoics with a capital S meant something else. They wanted to be free of the destructive passions, such as rage, panic and envy, while cherishing friendship, justice, good humour and a steady kind of joy. Marcus puts the whole spirit of the school in one line:

> No longer talk at all about the kind of man that a good man ought to be, but be such.
>
> — Marcus Aurelius, *Meditations* 10.16 (trans. George Long)

## Exercise: A First Stoic Pause

You can try the Stoic way of seeing today, before you know much theory.

1. At some point today, notice a moment of irritation or worry. It can be small: a delayed bus, a curt message.
2. Later, write one sentence describing only what happened, as a camera would have recorded it.
3. Write a second sentence naming the judgement you added: "this is unfair", "this will go badly", "they don't respect me".
4. Ask yourself which part of the situation was actually in your hands, and which was not.
5. Finally, choose one small thing you could do, or could have done, that a good person in your place would do. Keep the note; you will return to it in the next lesson.

## Sources

- Diogenes Laertius, *Lives of Eminent Philosophers* 7.2 to 7.5 and 7.40 (Zeno's life and the orchard image), paraphrased
- Marcus Aurelius, *Meditations* 1.7 and 10.16; translation by George Long (1862)
- Pierre Hadot, *Philosophy as a Way of Life* (1995)
- Albert Ellis, *Reason and Emotion in Psychotherapy* (1962); Aaron T. Beck, *Cognitive Therapy and the Emotional Disorders* (1976)
`;

const theDichotomyOfControl = `The *Handbook* of Epictetus, the little book his student Arrian compiled from his lectures, does not begin with a greeting or a history. It begins with a distinction, and everything else in Stoic practice grows from it. Some things are up to us and some things are not. It sounds almost too plain to need saying. Yet if you look honestly at what kept you awake the last time you slept badly, you will probably find that most of it belonged to the second group. This lesson is about learning to tell the two apart, and about what changes when you do.

## The First Lesson of the Handbook

> Of things some are in our power, and others are not. In our power are opinion, movement towards a thing, desire, aversion, turning from a thing; and in a word, whatever are our acts. Not in our power are the body, property, reputation, offices (magisterial power), and in a word, whatever are not our own acts.
>
> — Epictetus, *Enchiridion* 1 (trans. George Long)

Notice how short the first list is, and how much the second one contains. Even the body is placed outside our power: we can look after it, but illness and age come regardless. What remains truly ours is the inner life of choice. Epictetus called it *prohairesis*, usually translated as "moral choice" or simply "will": the faculty that judges, desires, refuses and decides.

## Judgements Are the Hinge

If only our judgements and choices are fully ours, then our judgements matter enormously, because they stand between every event and our response to it. Epictetus says so directly:

> Men are disturbed not by the things which happen, but by the opinions about the things: for example, death is nothing terrible, for if it were, it would have seemed so to Socrates; for the opinion about death, that it is terrible, is the terrible thing.
>
> — Epictetus, *Enchiridion* 5 (trans. George Long)

This is not a claim that nothing bad ever happens. It is an observation that the same event can be met in very different ways, and that the difference lies in the meaning we give it. Epictetus advised his students to meet a harsh first impression by saying to it, in paraphrase: you are only an impression, and not necessarily the thing you appear to be. Then you can examine it, and ask whether it concerns what is up to you or what is not.

He also showed how far this freedom reaches. In the first of his *Discourses* he imagines the worst a tyrant could do:

> I must die. Must I then die lamenting? I must be put in chains. Must I then also lament? I must go into exile. Does any man then hinder me from going with smiles and cheerfulness and contentment?
>
> — Epictetus, *Discourses* 1.1 (trans. George Long)

## Not a Philosophy of Giving Up

It would be easy to hear all this as advice to stop caring about the world. The Stoics meant the opposite. Cicero, explaining their view, compares the good person to an archer: he does everything in his power to aim well, but once the arrow has left the bow, a gust of wind is not his failure. His task is to shoot well. Hitting the mark is welcome, but it is not where his worth lies.

In practice, most situations are mixed. You cannot control whether you get the job, but you can prepare thoroughly and present yourself honestly. You cannot make a friend forgive you, but you can apologise sincerely. Some modern writers call this middle ground "things we influence". The Stoic move is to set your goal inside your own part: to aim at preparing well, not at being chosen. Seneca recommended adding a quiet reserve clause to every plan: *I will do this, if nothing prevents me.* It is not pessimism but honesty about how the world works.

## Exercise: The Two Columns

1. Choose one situation that is weighing on you today, and describe it in a single plain sentence, without commentary.
2. Draw a line down the middle of a page. Head the left column "Up to me" and the right column "Not up to me".
3. Fill both columns. In the left, put your judgements, your effort, your words and your next actions. In the right, put other people's choices, outcomes, the past, and anything that depends on luck.
4. Look at the right-hand column and say to each item, "This is not mine to carry." You may still care about it; you are simply putting it down.
5. From the left-hand column, choose one concrete action and add the reserve clause: "if nothing prevents me."

A word of care: "up to me" is not a tool for blame. Your feelings, especially strong ones, do not switch off on command, and the Stoics knew it. The dichotomy asks only that you spend your effort where effort can help.

## Sources

- Epictetus, *Enchiridion* 1 and 5, and *Discourses* 1.1; translation by George Long (1877)
- Cicero, *On Ends* 3.22 (the archer), paraphrased
- Seneca, *On Tranquillity of Mind* 13 (the reserve clause), paraphrased
`;

const virtueAsTheOnlyGood = `If you asked an ancient Stoic what a person needs in order to live well, you would get a startling answer: only one thing, and it is not money, health, success or even a long life. It is good character, which the Stoics called virtue. Everything else, they argued, can be used well or badly, and so cannot be good in itself. This is the most demanding idea in Stoicism, and also, once it settles in, one of the most freeing.

## Where the Idea Comes From

The Stoics inherited the idea from Socrates, whom they admired above all other philosophers. In Plato's dialogue *Euthydemus*, Socrates argues that wealth, health, beauty and even good fortune bring us no benefit on their own. In the hands of someone foolish they do harm; only when guided by wisdom do they help. Wisdom, then, is the one thing that is good in every circumstance.

The Stoics took this to its conclusion. Virtue, the excellence of a reasoning human being, is the only true good, and vice is the only true evil. Virtue alone is enough for *eudaimonia*, the Greek word we usually translate as happiness but which means something closer to flourishing, or a life that has gone well.

## The Four Virtues

The Stoics spoke of four principal virtues, a list that goes back to Plato's *Republic*:

- **Wisdom**: knowing what is truly good, bad and neither, and judging well in the situation in front of you.
- **Justice**: giving others their due; fairness, honesty, kindness and care for the common good.
- **Courage**: facing fear, pain and difficulty for the sake of what is right, and enduring what must be endured.
- **Moderation** (sometimes translated temperance or self-control): keeping your desires in measure, and bringing order to your own life.

They insisted that these are not four separate talents but four faces of one excellence. Courage without justice is mere daring in a bad cause; moderation without wisdom is rigidity. You cannot fully have one without the others. Marcus Aurelius names them almost exactly when he tells himself what to prize:

> If thou findest in human life anything better than justice, truth, temperance, fortitude, and, in a word, anything better than thy own mind's self-satisfaction in the things which it enables thee to do according to right reason ... turn to it with all thy soul, and enjoy that which thou hast found to be the best.
>
> — Marcus Aurelius, *Meditations* 3.6 (trans. George Long)

He goes on, of course, to say that he has found nothing better.

## Preferred, but Not Good

What about everything else we care about? The Stoics had a careful answer. Things such as health, wealth, reputation and pleasure are **indifferent**: not because they do not matter at all, but because they make no difference to whether you are a good person. Among the indifferents, some are **preferred**, such as health and sufficient money, and it is natural and reasonable to choose them. Others, such as illness and poverty, are **dispreferred**, and it is reasonable to avoid them.

So a Stoic can look after her health, earn a decent living and hope for a good name. What she will not do is buy any of them at the price of her character, and she will not believe her life has been ruined if she loses them. They are the material virtue works with, not the measure of a life.

## Why It Matters on an Ordinary Tuesday

This idea changes what counts as success. If the only true good is the quality of your choices, then no one can take your good away from you, and no bad luck can make you a worse person. A meeting that goes badly may still be a meeting in which you were honest, patient and brave. Marcus put it in an image:

> Whatever any one does or says, I must be good, just as if the gold, or the emerald, or the purple were always saying this, Whatever any one does or says, I must be emerald and keep my colour.
>
> — Marcus Aurelius, *Meditations* 7.15 (trans. George Long)

An emerald does not become less green because no one praises it. Your character need not depend on applause either.

## Exercise: A Virtue Audit

1. Think back over the last week and choose one situation that mattered to you.
2. Write down what you were hoping to get out of it: approval, money, comfort, a certain result.
3. Now ask how each virtue appeared, or failed to appear. Where did you judge well? Were you fair? Did you face what you feared? Did you keep your appetites and temper in measure?
4. Notice which virtue you most often reach for, and which you tend to forget.
5. Choose one virtue to keep in view tomorrow, and write one specific way you could practise it.

## Sources

- Plato, *Euthydemus* 278e to 282a, and *Republic* Book 4, paraphrased
- Diogenes Laertius, *Lives of Eminent Philosophers* 7.101 to 7.105 (on goods and indifferents), paraphrased
- Marcus Aurelius, *Meditations* 3.6 and 7.15; translation by George Long (1862)
`;

const theMorningPremeditation = `Most of us start the day by reacting to it. The alarm goes, the phone lights up, and before we have decided anything at all, other people's messages and the morning's news have set the tone. The Stoics began differently. Before the day could happen to them, they rehearsed it: they pictured what lay ahead, anticipated where it might go wrong, and decided in advance what kind of person they meant to be when it did. Later writers called this practice *praemeditatio malorum*, the premeditation of troubles. This lesson explains the idea, and the guided recording on this page walks you through the exercise itself. The transcript of the recording is below the player, if you prefer to read along or to practise in silence.

## Rehearsing the Day

The most famous example comes from the opening of the second book of Marcus Aurelius's *Meditations*:

> Begin the morning by saying to thyself, I shall meet with the busy-body, the ungrateful, arrogant, deceitful, envious, unsocial. All these things happen to them by reason of their ignorance of what is good and evil.
>
> — Marcus Aurelius, *Meditations* 2.1 (trans. George Long)

At first this can sound sour, as if the emperor expected the worst of everyone. Read it again and it becomes something kinder. Marcus is not predicting disaster; he is removing surprise. If he has already pictured the meddling official and the ungrateful petitioner, then when they appear he is not ambushed. He has had time to remember what he believes about them: that they act from ignorance, not malice, and that nothing they do can force him to act badly. You will look more closely at the rest of this passage in the next lesson.

## Seeing It Coming

Seneca wrote one of his letters after hearing that the city of Lugdunum, modern Lyon, had been destroyed by fire in a single night. What struck him was not only the loss but the shock of it, and he drew a lesson about preparation:

> Our minds should be sent forward in advance to meet all problems, and we should consider, not what is wont to happen, but what can happen.
>
> — Seneca, *Moral Letters to Lucilius* 91.4 (trans. Richard Mott Gummere)

Epictetus gave a homelier version. If you are going to the public baths, he told his students, in paraphrase, picture what happens there: people splash you, jostle you, speak rudely, even steal. Then say to yourself that you are going not only to bathe but to keep your mind in harmony with nature, and that you will not keep it if you are upset by whatever happens.

## Preparation, Not Worry

There is an important difference between premeditation and anxious rumination, and it is worth being clear about it. Worry circles the same fear again and again without arriving anywhere. Premeditation is brief, specific, and it ends in a decision. You look at the difficulty, you ask which part of it is up to you, you choose your response, and then you stop. Marcus adds a useful caution:

> Let not future things disturb thee, for thou wilt come to them, if it shall be necessary, having with thee the same reason which now thou usest for present things.
>
> — Marcus Aurelius, *Meditations* 7.8 (trans. George Long)

Modern psychology has found something similar. The psychologist Peter Gollwitzer showed that simple "if, then" plans, which he called implementation intentions, make people much more likely to act as they intend when the moment comes. "If my colleague interrupts me again, then I will finish my sentence calmly" is a premeditation in modern dress.

If you notice that the exercise is feeding fear rather than steadiness, shorten it. Picture one ordinary difficulty, not a catastrophe, and spend most of your time on the response rather than the problem.

## Exercise: Your Morning Premeditation

Play the guided recording on this page, or follow these steps on your own. Either way, it takes only a few minutes.

1. Sit comfortably before the day gets going, and take a few slow breaths.
2. Picture the hours ahead: the work you must do, the people you will see, the places you will go.
3. Choose one moment that may be difficult. See it as clearly as you can, and notice what rises in you.
4. Divide it in two. What here is not up to you: other people's words, delays, results? What is entirely up to you: your judgement, your effort, your words?
5. Ask what it would look like to meet that moment well, and picture yourself doing it.
6. Name, in a word or two, the quality you want to bring to the day: patience, honesty, courage, good humour. Then get up and go to meet it.

## Sources

- Marcus Aurelius, *Meditations* 2.1 and 7.8; translation by George Long (1862)
- Seneca, *Moral Letters to Lucilius* 91.4; translation by Richard Mott Gummere (1917 to 1925)
- Epictetus, *Enchiridion* 4 (the baths), paraphrased
- Peter M. Gollwitzer, "Implementation Intentions: Strong Effects of Simple Plans", *American Psychologist* (1999)
`;

const handlingDifficultPeople = `If the Stoics had lived only in their heads, they would be easy to ignore. But they lived among other people, as we do, and their writings are full of the same irritations that fill our days: the colleague who takes credit, the relative who criticises, the stranger who pushes in. Marcus Aurelius governed an empire through plague, war and betrayal, and the *Meditations* returns again and again to the question of how to deal with people who make life harder. His answers are neither soft nor bitter, and they repay careful reading.

## Akin to Me

In the last lesson you met the opening of Book Two, where Marcus prepares himself to meet the meddling and the ungrateful. Here is how the passage continues:

> But I who have seen the nature of the good that it is beautiful, and of the bad that it is ugly, and the nature of him who does wrong, that it is akin to me ... I can neither be injured by any of them, for no one can fix on me what is ugly, nor can I be angry with my kinsman, nor hate him. For we are made for co-operation, like feet, like hands, like eyelids, like the rows of the upper and lower teeth.
>
> — Marcus Aurelius, *Meditations* 2.1 (trans. George Long)

Two ideas carry the whole Stoic approach. First, the other person cannot damage your character; only you can do that. Second, they are not an alien species but a fellow human being, made, like you, for working with others. Resentment forgets both.

## Questions to Ask When You Are Angry

In Book Eleven, Marcus writes himself a list of considerations for moments of anger. In paraphrase, some of them run:

- Remember that people act from their own idea of what is good. They are not choosing to be wrong.
- Remember that you also do many things wrong, and that you have the same tendencies even when you hold back from acting on them.
- Remember that you cannot always be sure someone has done wrong, since you rarely know all their circumstances.
- Remember that life is brief, and before long you will both be gone.
- Remember that it is your own judgement, and not their act, that disturbs you.

And one he states with particular force:

> Eighth, consider how much more pain is brought on us by the anger and vexation caused by such acts than by the acts themselves, at which we are angry and vexed.
>
> — Marcus Aurelius, *Meditations* 11.18 (trans. George Long)

Elsewhere he offers a shorter remedy. When someone's shameless behaviour offends you, ask yourself whether it is possible for there to be no shameless people in the world. It is not. "Do not, then, require what is impossible," he writes (*Meditations* 9.42). Expecting difficult people is not cynicism; it is realism that leaves you free to respond well.

## Firmness Without Resentment

None of this means putting up with anything. Justice is one of the four virtues, and justice sometimes requires you to speak up, to set a boundary, or to walk away. Marcus's ninth consideration describes someone who, even as another person tries to harm him, gently points out the error, without sarcasm and without trying to impress onlookers. That is firmness without contempt. The aim is to respond to the situation rather than to your wounded pride. As he puts it:

> The best way of avenging thyself is not to become like the wrong doer.
>
> — Marcus Aurelius, *Meditations* 6.6 (trans. George Long)

One caution matters here. Stoic patience is for the ordinary friction of life, not for abuse. If someone is harming or frightening you, the just and wise response is to protect yourself and seek help, and no philosophy asks you to stay and be patient with it.

## Exercise: The Pause and the Questions

1. The next time someone irritates you, pause before you reply. One slow breath is enough to begin with.
2. Silently name the judgement you are making: "they are being disrespectful", "this is unfair".
3. Ask one of Marcus's questions: what did they think was good in doing this? Have I ever done something similar?
4. Ask what the situation requires of you in justice: a word, a boundary, a request, or simply letting it pass.
5. Respond, if you need to, in the calmest honest words you can find.
6. That evening, note what happened. You will learn a way to do this regularly in the next lesson.

## Sources

- Marcus Aurelius, *Meditations* 2.1, 6.6, 9.42 and 11.18; translation by George Long (1862)
`;

const theEveningReview = `The morning premeditation looks forward; the evening review looks back. At the end of the day, before sleep, the Stoic sits quietly and goes over what happened: what went well, what went badly, and what might be done differently. It is the oldest form of the journal, and perhaps the simplest and most useful habit in this course. It takes five minutes. What it gives back, over weeks and months, is a kind of self-knowledge that is hard to come by any other way.

## An Old Practice

The practice is older than Stoicism. It was attributed to Pythagoras, and Epictetus quotes the verses to his students, telling them to keep such principles ready for use, not merely to recite them:

> Let sleep not come upon thy languid eyes / Before each daily action thou hast scann'd; / What's done amiss, what done, what left undone; / From first to last examine all, and then / Blame what is wrong, in what is right rejoice.
>
> — Epictetus, *Discourses* 3.10, quoting the Pythagorean *Golden Verses* (trans. George Long)

## Seneca's Nightly Court

Seneca describes his own version in his essay *On Anger*. He learned it, he says, from the philosopher Sextius:

> Sextius had this habit, and when the day was over and he had retired to his nightly rest, he would put these questions to his soul: "What bad habit have you cured to-day? What fault have you resisted? In what respect are you better?"
>
> — Seneca, *On Anger* 3.36 (trans. John W. Basore)

Seneca adds that anger grows gentler when it knows it must come before a judge every day, and then describes his own habit. To paraphrase him: when the lamp has been taken away and his wife, who knows his custom, has fallen silent, he goes over the whole day, his words and his actions, hiding nothing from himself and passing over nothing. Why should he fear his mistakes, he asks, when he can say to himself: see that you do not do that again; this time I forgive you.

Then he gives examples from his own day. He argued too combatively in one discussion; he corrected someone more bluntly than was useful, so that he offended instead of helping. A little later he lists the kind of small slights that provoke us, such as being given a less honourable place at dinner. They are ordinary failings, which is exactly the point.

## Kind, Not Cruel

Notice the tone of Seneca's review. He is a judge, but a fair and merciful one. He names what went wrong plainly, and then he lets it go, with a resolution for tomorrow. The review is not a nightly trial that ends in punishment. Shame tends to make us hide from our mistakes; a calm review lets us learn from them.

It helps to include what went well. Epictetus's verses end with rejoicing in what was right, and noticing where you acted with patience or courage strengthens those habits just as noticing your failures helps you correct them.

## Three Questions

The questions in this course are a simple version of the ones the ancients used:

1. **What did I do well today?** Where did I act with wisdom, justice, courage or moderation, even in a small way?
2. **Where did I fall short?** Where did I lose my temper, avoid something I should have faced, or chase something that does not matter?
3. **What will I do differently tomorrow?** One concrete change is worth more than a dozen vague resolutions.

If you practised the morning premeditation, compare the two. Did the difficulty you anticipated arrive? Did you meet it as you intended?

## Exercise: Seven Nights

1. Keep a notebook and pen by your bed, or a note on your phone that you open only for this.
2. Each night for the next seven nights, answer the three questions in a few lines. Date each entry.
3. Be specific. "I was impatient" teaches less than "I cut off Sam when he was explaining the delay".
4. End each entry with a sentence of forgiveness and a resolution, in the spirit of Seneca: "I see it; tomorrow I will try again."
5. If you miss a night, simply note it and carry on. The habit matters more than a perfect record.
6. At the end of the week, read all seven entries in one sitting and look for patterns.

## Sources

- Epictetus, *Discourses* 3.10; translation by George Long (1877)
- Seneca, *On Anger* 3.36; translation by John W. Basore (1928); the rest of the passage paraphrased
`;

const amorFati = `*Amor fati*, Latin for "love of fate", appears today on tattoos, mugs and the walls of gyms. The phrase is not actually ancient. It was made famous by Friedrich Nietzsche, who in *Ecce Homo* (1888) called it his formula for greatness in a human being: to want nothing to be different, not in the past, not in the future, not for all eternity; not merely to bear what is necessary, but to love it. The Stoics never used the phrase. But the attitude it names runs right through their writings, and understanding it properly, including its limits, is one of the most valuable things this course can offer.

## The Stoic Roots

Epictetus puts the idea in one sentence:

> Seek not that the things which happen should happen as you wish; but wish the things which happen to be as they are, and you will have a tranquil flow of life.
>
> — Epictetus, *Enchiridion* 8 (trans. George Long)

Marcus Aurelius goes further, from accepting what happens to welcoming it:

> Love that only which happens to thee and is spun with the thread of thy destiny. For what is more suitable?
>
> — Marcus Aurelius, *Meditations* 7.57 (trans. George Long)

Behind these lines lies the Stoic picture of the world as a single ordered whole, guided by reason. The early Stoics illustrated it with an image of a dog tied to a cart: if the dog wants to follow, it runs along freely; if it refuses, it is dragged along all the same. Seneca quotes a prayer by Cleanthes that ends on the same note: "the willing soul Fate leads, but the unwilling drags along" (*Letters* 107.11, trans. Gummere).

You do not need to share the Stoics' theology to take the practical point. Whatever has already happened cannot now be otherwise. You can spend your strength fighting that fact, or you can spend it on what comes next.

## Material for Virtue

The deepest Stoic idea here is that events are not only to be endured but *used*. Every circumstance, including the unwelcome ones, is material for good character. Marcus describes the mind as a fire that turns whatever is thrown on it into fuel:

> It makes a material for itself out of that which opposes it, as fire lays hold of what falls into it, by which a small light would have been extinguished: but when the fire is strong, it soon appropriates to itself the matter which is heaped on it, and consumes it, and rises higher by means of this very material.
>
> — Marcus Aurelius, *Meditations* 4.1 (trans. George Long)

And in one of his best-known passages, he writes that "the mind converts and changes every hindrance to its activity into an aid ... and that which is an obstacle on the road helps us on this road" (*Meditations* 5.20). A cancelled plan becomes a chance to practise patience; an illness becomes a lesson in endurance; a harsh critic becomes training in fairness. Epictetus taught his students to ask, with every event, which of their powers it called on: self-control, endurance or patience.

## Where Acceptance Ends and Action Begins

This is where amor fati is most often misunderstood. Accepting what happens does not mean approving of everything, and it certainly does not mean giving up. The Stoics were active people who cared about justice.

A useful way to hold the two together is to think in terms of time. **Accept the present fact**: this has happened, and no amount of protest will unmake it. Then **act on the future**: given this, what is the best thing I can do now? You can accept that you have lost your job and still apply for the next one with energy. You can accept that an injustice has occurred and still work to put it right.

Acceptance also does not require you to feel cheerful. Grief, disappointment and fear are human responses, and the Stoics knew they arrive before reason has its say. What they asked is that we not add a second layer of suffering by insisting that reality ought to be otherwise. Marcus shows how to reframe misfortune without denying it:

> Unhappy am I because this has happened to me. Not so, but happy am I, though this has happened to me, because I continue free from pain, neither crushed by the present nor fearing the future.
>
> — Marcus Aurelius, *Meditations* 4.49 (trans. George Long)

## Exercise: Turning the Obstacle

1. Choose a current obstacle: something that has gone wrong, or is in your way. Start with something moderate rather than your greatest sorrow.
2. Write down the plain facts of what has happened, without adjectives.
3. Write one sentence of acceptance: "This has happened, and it cannot now be otherwise."
4. Ask which virtue this situation gives you the chance to practise: wisdom, justice, courage or moderation.
5. Decide on one action, however small, that puts that virtue to work.
6. At the end of the day, note whether the obstacle felt different once you had used it.

## Sources

- Friedrich Nietzsche, *Ecce Homo* (1888), "Why I Am So Clever" 10, paraphrased
- Epictetus, *Enchiridion* 8 and 10; translation by George Long (1877), chapter 10 paraphrased
- Marcus Aurelius, *Meditations* 4.1, 4.49, 5.20 and 7.57; translation by George Long (1862)
- Seneca, *Moral Letters to Lucilius* 107.11; translation by Richard Mott Gummere (1917 to 1925)
- Hippolytus, *Refutation of All Heresies* 1.21 (the dog and the cart), paraphrased
`;

const mementoMori = `*Memento mori*: remember that you will die. The phrase can sound like something carved on a tomb, and it has a long history in European art, from skulls on scholars' desks to the candles and hourglasses of still-life paintings. For the Stoics, though, remembering death was not gloomy at all. It was a way of waking up: of seeing what matters, letting go of what does not, and treating each ordinary day as the gift it is. This lesson explores how they practised it, and how you can borrow the practice without letting it darken your days.

## A Habit of Mind

Marcus Aurelius reminds himself of death again and again in the *Meditations*, always to bring himself back to the present and to the task of living well:

> Since it is possible that thou mayest depart from life this very moment, regulate every act and thought accordingly.
>
> — Marcus Aurelius, *Meditations* 2.11 (trans. George Long)

> Do not act as if thou wert going to live ten thousand years. Death hangs over thee. While thou livest, while it is in thy power, be good.
>
> — Marcus Aurelius, *Meditations* 4.17 (trans. George Long)

Epictetus went further, in a way that can startle at first. When you kiss your child, he told his students, there is no harm in saying quietly to yourself, "To-morrow you will die" (*Discourses* 3.24). He compares this to the custom, in a Roman triumph, of someone standing behind the victorious general to remind him that he is mortal. The point is not to love less. It is to love with open eyes, knowing that what you love is yours only for a time, and so to stop taking it for granted.

## The Death We Are Already Dying

Seneca begins his letters to Lucilius with the subject of time:

> What man can you show me who places any value on his time, who reckons the worth of each day, who understands that he is dying daily? For we are mistaken when we look forward to death; the major portion of death has already passed. Whatever years lie behind us are in death's hands.
>
> — Seneca, *Moral Letters to Lucilius* 1.2 (trans. Richard Mott Gummere)

Seneca's insight is that death is not only an event waiting at the end. Every day that passes is already gone. This is not meant to frighten but to wake us up: the time we waste on resentment, distraction and postponement is real time, and it does not come back. "Let us postpone nothing," he writes in another letter. "Let us balance life's account every day" (*Letters* 101.10).

## Not Fear but Focus

The Stoics thought the fear of death rested largely on a judgement. You met Epictetus's example in the second lesson: death is nothing terrible, for if it were, it would have seemed so to Socrates, who faced his execution calmly. The terror lies in our opinion about death.

Remembering death well leads not to dread but to a particular kind of peace. Seneca suggests going to sleep each night as if the day had completed your life:

> Let us go to our sleep with joy and gladness; let us say: "I have lived; the course which Fortune set for me is finished." And if God is pleased to add another day, we should welcome it with glad hearts.
>
> — Seneca, *Moral Letters to Lucilius* 12.9 (trans. Richard Mott Gummere)

Each new morning, then, becomes a bonus rather than an entitlement. And Marcus offers an image for the end itself: to pass through this little space of time in harmony with nature, and to end the journey content, as an olive falls when it is ripe, blessing the nature that produced it and thanking the tree on which it grew (*Meditations* 4.48).

## Without Morbidity

Like any strong medicine, this practice needs care. If you are grieving, or living with serious illness, go gently, and let remembrance be a source of tenderness rather than another weight. And if thoughts of death feel heavy, intrusive or tempting rather than clarifying, please set this exercise aside and talk to someone: a doctor, a counsellor, or a local crisis line. The Stoic practice is meant to leave you more alive, more grateful and more present. If it does the opposite, it is not working as intended.

## Exercise: Counting the Day

1. Tonight, before sleep, think back over the day and name three things in it that you would miss if they were gone: a person, a conversation, a simple pleasure.
2. Ask yourself: if this had been my last day, what would I be glad I did, and what would I wish I had not postponed?
3. Choose one thing you have been postponing that truly matters, and decide when you will do it.
4. Say Seneca's words quietly to yourself: "I have lived." Let the day be complete.
5. In the morning, notice that you have been given another one.

## Sources

- Marcus Aurelius, *Meditations* 2.11, 4.17 and 4.48; translation by George Long (1862), 4.48 paraphrased
- Epictetus, *Discourses* 3.24; translation by George Long (1877)
- Epictetus, *Enchiridion* 5; translation by George Long (1877)
- Seneca, *Moral Letters to Lucilius* 1.2, 12.9 and 101.10; translation by Richard Mott Gummere (1917 to 1925)
`;

const buildingYourPractice = `You have now met the main ideas of Stoicism and its classic exercises: the dichotomy of control, virtue as the only good, the morning premeditation, the response to difficult people, the evening review, acceptance of what happens and the remembrance of death. Knowing them is the beginning. The Stoics were blunt about what comes next: philosophy that stays in your head is not philosophy at all. This final lesson is about turning what you have learned into a small, realistic practice that can last well beyond the course.

## Habits Are Built by Repetition

Epictetus understood habit as well as any modern psychologist:

> Every habit and faculty is maintained and increased by the corresponding actions: the habit of walking by walking, the habit of running by running. If you would be a good reader, read; if a writer, write.
>
> — Epictetus, *Discourses* 2.18 (trans. George Long)

The same is true of the habits of mind. Each time you pause before reacting, the pause gets easier. Each time you give way to anger, anger gets stronger. Marcus put it more vividly:

> Such as are thy habitual thoughts, such also will be the character of thy mind; for the soul is dyed by the thoughts.
>
> — Marcus Aurelius, *Meditations* 5.16 (trans. George Long)

Dye takes repeated dipping. A practice done briefly every day will shape you far more than an ambitious one done now and then.

## Choose a Few Practices

You do not need to do everything at once. Choose two or three practices that suit your life and temperament:

- **The morning premeditation**, for anyone whose days are full of people and pressure.
- **The two columns**, for moments of worry, to separate what is up to you from what is not.
- **The pause and the questions**, for anyone who struggles with irritation or anger.
- **The evening review**, which many people find the single most useful practice, and which supports all the others.
- **Counting the day**, for anyone who tends to postpone what matters.
- **A daily passage**: reading a few lines of Marcus, Seneca or Epictetus, and carrying one thought through the day.

## Design a Routine You Can Keep

A good plan is specific and modest. Attach each practice to something you already do every day: the premeditation to your first cup of tea, the review to brushing your teeth. Decide on a **minimum version** for bad days: one breath and one intention in the morning, one line in the notebook at night. Keep a simple record, such as a tick in a calendar, so that you can see the habit forming. Once a week, perhaps on a Sunday, read back through your notes and adjust.

## Plan for Forgetting

You will miss days. Everyone does. What matters is what you do next. Epictetus suggested keeping count of progress rather than demanding perfection: if you want to lose an angry temper, he said, count the days on which you have not been angry. "I used to be in passion every day; now every second day; then every third, then every fourth" (*Discourses* 2.18). Marcus, who knew his own failures well, was equally forgiving:

> Be not disgusted, nor discouraged, nor dissatisfied, if thou dost not succeed in doing everything according to right principles; but when thou hast failed, return back again.
>
> — Marcus Aurelius, *Meditations* 5.9 (trans. George Long)

Decide now what your "return" will look like: perhaps simply doing tomorrow's minimum version, without trying to make up for lost days.

## Keep Reading

The primary sources are short, old enough to be freely available, and reward rereading. George Long's translation of the *Meditations* is at the [Internet Classics Archive](https://classics.mit.edu/Antoninus/meditations.html), as is his translation of Epictetus's [Discourses](https://classics.mit.edu/Epictetus/discourses.html). Richard Mott Gummere's translation of Seneca's letters can be read on [Wikisource](https://en.wikisource.org/wiki/Moral_letters_to_Lucilius).

## Exercise: Your Practice Plan

1. Choose two or three practices from the list above.
2. For each one, write when and where it will happen, and which existing habit it will be attached to.
3. Write the minimum version of each practice for busy or difficult days.
4. Decide how you will keep track, and when you will review your plan each week.
5. Write one sentence describing what you will do after you miss a day.
6. Put the plan somewhere you will see it, and begin tomorrow.

## Sources

- Epictetus, *Discourses* 2.18; translation by George Long (1877)
- Marcus Aurelius, *Meditations* 5.9 and 5.16; translation by George Long (1862)
`;

export const stoicLiving: SeedCourse = {
  id: 1,
  title: "Foundations of Stoic Living",
  description:
    "A practical introduction to Stoic philosophy for everyday life. Learn what the Stoics meant by virtue, control and equanimity, and build a simple daily practice of morning preparation and evening review that helps you stay steady when things go wrong.",
  imageUrl: "/images/courses/course-1.svg",
  level: "Beginner",
  duration: 6,
  priceCents: 4900,
  modules: [
    {
      title: "The Stoic Starting Point",
      description:
        "Meet Zeno, Seneca, Epictetus and Marcus Aurelius, and the two ideas on which everything else rests: the dichotomy of control and virtue as the only true good.",
      lessons: [
        {
          title: "Who Were the Stoics?",
          description:
            "A short history of the school, from a painted porch in Athens to a Roman emperor's private notebook, and why their ideas still speak to us.",
          duration: 20,
          body: whoWereTheStoics,
          assessments: [
            {
              title: "Stoic Origins Quiz",
              kind: "quiz",
              questions: [
                {
                  prompt: 'Where does the name "Stoic" come from?',
                  choices: [
                    {
                      text: 'From a Greek word meaning "unfeeling".',
                      explanation:
                        "No. The idea that Stoics were meant to feel nothing is a later misunderstanding, and the name has nothing to do with it.",
                    },
                    {
                      text: "From Stoikos, the Cypriot town where Zeno was born.",
                      explanation:
                        "No such town is involved: Zeno came from Citium on Cyprus, and the name comes from the place where he taught in Athens.",
                    },
                    {
                      text: "From the Stoa Poikile, the painted porch in Athens where Zeno taught.",
                      explanation: "Correct. Zeno's followers were first called Zenonians and then Stoics, the people of the porch.",
                    },
                  ],
                  correct: 2,
                },
                {
                  prompt: "Which of the Roman Stoics was born into slavery?",
                  choices: [
                    {
                      text: "Epictetus",
                      explanation:
                        "Correct. Epictetus was born a slave in Hierapolis, was later freed, and taught in Rome and then at Nicopolis.",
                    },
                    {
                      text: "Seneca",
                      explanation: "No. Seneca was a wealthy statesman who tutored and advised the emperor Nero.",
                    },
                    {
                      text: "Marcus Aurelius",
                      explanation:
                        "No. Marcus Aurelius was a Roman emperor, although he learned a great deal from the lectures of the former slave Epictetus.",
                    },
                    {
                      text: "Zeno",
                      explanation: "No. Zeno was a merchant from Cyprus who came to philosophy after a shipwreck.",
                    },
                  ],
                  correct: 0,
                },
                {
                  prompt: "What was the Meditations of Marcus Aurelius originally?",
                  choices: [
                    {
                      text: "A set of public speeches delivered to the Roman Senate.",
                      explanation: "No. The lesson stresses that Marcus never meant anyone else to read it.",
                    },
                    {
                      text: "A private notebook, written in Greek and addressed to himself.",
                      explanation: "Correct. Marcus kept it for his own use, much of it while on campaign along the Danube.",
                    },
                    {
                      text: "A textbook he wrote for the students of his own school.",
                      explanation: "No. Marcus ran no school; Epictetus did, and his lectures were written down by his student Arrian.",
                    },
                  ],
                  correct: 1,
                },
                {
                  prompt: "How, according to Diogenes Laertius, did Zeno come to philosophy?",
                  choices: [
                    {
                      text: "He was sent to Athens by his father to study with Plato.",
                      explanation: "No. Plato had died long before, and Zeno's arrival in Athens was, in the story, an accident.",
                    },
                    {
                      text: "He heard Marcus Aurelius lecture in Rome.",
                      explanation: "No. Zeno lived more than four centuries before Marcus Aurelius.",
                    },
                    {
                      text: "He read a book by Epictetus while recovering from illness.",
                      explanation: "No. Epictetus lived centuries after Zeno; the book in the story is Xenophon's memoir of Socrates.",
                    },
                    {
                      text: "After a shipwreck he read about Socrates in a bookshop, and was told to follow the Cynic Crates.",
                      explanation: "Correct. Zeno later joked that he had made a prosperous voyage on the day he was shipwrecked.",
                    },
                  ],
                  correct: 3,
                },
                {
                  prompt: 'How does the Stoic ideal differ from being "stoic" in the everyday sense?',
                  choices: [
                    {
                      text: "It does not: both mean suppressing all feeling.",
                      explanation: "No. The lesson explains that the Stoics did not aim to feel nothing.",
                    },
                    {
                      text: "The Stoics cared only about logic and physics, not about how to live.",
                      explanation: "No. Ethics was the fruit of the whole orchard; logic and physics served the aim of living well.",
                    },
                    {
                      text: "The Stoics sought freedom from destructive passions like rage and panic, while valuing friendship, justice and a steady joy.",
                      explanation: "Correct. Their aim was not numbness but a life guided by reason and lived well with others.",
                    },
                  ],
                  correct: 2,
                },
              ],
            },
          ],
        },
        {
          title: "The Dichotomy of Control",
          description:
            "Epictetus' opening lesson: some things are up to us and some are not. Learn to tell them apart and to spend your energy where it counts.",
          duration: 25,
          body: theDichotomyOfControl,
          assessments: [
            {
              title: "Sorting Your Concerns",
              kind: "exercise",
              prompt:
                'List three to five things that are worrying you at the moment. For each one, write two short lists: what about it is up to you (your judgements, effort, words and actions) and what is not. Then choose one concrete action from the "up to me" side of each concern and write it down with a reserve clause, such as "if nothing prevents me".',
            },
            {
              title: "What Is Up to Me This Week?",
              kind: "reflection",
              prompt:
                "Think about the week ahead and describe one situation in which you expect to be tempted to spend your energy on something that is not up to you. Write what you will let go of, what you will focus on instead, and how you would like to respond if things do not go your way. At the end of the week, come back and add a few lines about what actually happened.",
            },
          ],
        },
        {
          title: "Virtue as the Only Good",
          description:
            "Wisdom, justice, courage and moderation: why the Stoics held character to be the one thing worth pursuing for its own sake.",
          duration: 20,
          body: virtueAsTheOnlyGood,
          assessments: [
            {
              title: "The Four Virtues Quiz",
              kind: "quiz",
              questions: [
                {
                  prompt: "Which are the four principal virtues of the Stoics?",
                  choices: [
                    {
                      text: "Faith, hope, love and patience",
                      explanation: "No. Faith, hope and love are the Christian theological virtues, not the Stoic list.",
                    },
                    {
                      text: "Wisdom, justice, courage and moderation",
                      explanation:
                        "Correct. The list goes back to Plato's Republic, and the Stoics saw the four as faces of one excellence.",
                    },
                    {
                      text: "Health, wealth, reputation and pleasure",
                      explanation: "No. These are indifferents: some are preferred, but none of them is a virtue.",
                    },
                  ],
                  correct: 1,
                },
                {
                  prompt: "How did the Stoics classify health and wealth?",
                  choices: [
                    {
                      text: "As true goods, equal in value to virtue.",
                      explanation: "No. For the Stoics virtue is the only true good.",
                    },
                    {
                      text: "As evils to be avoided by anyone serious about philosophy.",
                      explanation: "No. The Stoics did not ask people to renounce health or money; it is reasonable to choose them.",
                    },
                    {
                      text: "As preferred indifferents: reasonable to choose, but not good in themselves.",
                      explanation:
                        "Correct. They make no difference to whether you are a good person, so they are material for virtue rather than the measure of a life.",
                    },
                  ],
                  correct: 2,
                },
                {
                  prompt: "Why, following Socrates, did the Stoics deny that wealth is truly good?",
                  choices: [
                    {
                      text: "Because it can be used well or badly, and only helps when guided by wisdom.",
                      explanation:
                        "Correct. In the Euthydemus Socrates argues that such things harm the foolish; only wisdom is good in every circumstance.",
                    },
                    {
                      text: "Because money was forbidden to philosophers in Athens.",
                      explanation: "No. There was no such rule; Seneca himself was one of the richest men in Rome.",
                    },
                    {
                      text: "Because wealth always makes people unhappy.",
                      explanation:
                        "No. The claim is not that wealth always harms, but that it does not reliably benefit, so it cannot be good in itself.",
                    },
                  ],
                  correct: 0,
                },
                {
                  prompt: 'What does Marcus Aurelius mean when he says "I must be emerald and keep my colour"?',
                  choices: [
                    {
                      text: "That he should dress in a way that suits his rank as emperor.",
                      explanation: "No. The image is about character, not appearance.",
                    },
                    {
                      text: "That beauty is more important than goodness.",
                      explanation: "No. The emerald stands for goodness that does not depend on anyone's opinion.",
                    },
                    {
                      text: "That he should hide his true feelings from other people.",
                      explanation: "No. The point is steadiness of character, not concealment.",
                    },
                    {
                      text: "That he should stay good whatever others do or say, as an emerald stays green whether or not it is praised.",
                      explanation:
                        "Correct. Good character, like the emerald's colour, does not depend on applause or on how others behave.",
                    },
                  ],
                  correct: 3,
                },
                {
                  prompt: "What did the Stoics mean by saying the virtues form a unity?",
                  choices: [
                    {
                      text: "That you should practise only one virtue at a time.",
                      explanation:
                        "No. The lesson's exercise suggests focusing on one virtue for a day, but the doctrine is about how the virtues belong together.",
                    },
                    {
                      text: "That you cannot fully have one virtue without the others; courage without justice, for example, is mere daring.",
                      explanation: "Correct. The Stoics saw the four virtues as four faces of a single excellence of character.",
                    },
                    {
                      text: "That all four virtues mean exactly the same thing.",
                      explanation:
                        "No. Each has its own sphere, such as fear for courage and desire for moderation, but they depend on one another.",
                    },
                  ],
                  correct: 1,
                },
              ],
            },
          ],
        },
      ],
    },
    {
      title: "Practising Stoicism Day to Day",
      description: "Turn principles into habits with the classic Stoic exercises for the beginning, the middle and the end of the day.",
      lessons: [
        {
          title: "The Morning Premeditation",
          description: "Rehearse the day ahead, anticipate its difficulties and choose your responses before you need them.",
          duration: 15,
          recording: lessonRecordings.morningPremeditation,
          body: theMorningPremeditation,
          assessments: [
            {
              title: "Write Your Morning Premeditation",
              kind: "exercise",
              prompt:
                "Write a premeditation for tomorrow morning in your own words. Outline the main events of the day, pick one or two moments that are likely to be difficult, and for each one note what is up to you and how you intend to respond. Close with a word or short phrase naming the quality you want to bring to the day, and keep the whole thing short enough to read in two minutes.",
            },
          ],
        },
        {
          title: "Handling Difficult People",
          description:
            "Marcus Aurelius on irritation, anger and the people who test us, and how to respond with firmness rather than resentment.",
          duration: 25,
          body: handlingDifficultPeople,
          assessments: [
            {
              title: "A Recent Conflict, Seen Again",
              kind: "reflection",
              prompt:
                "Describe a recent conflict or irritation with another person, first as plain facts and then with the judgement you added. Work through two or three of Marcus's considerations from the lesson: what might they have thought was good, have you ever done something similar, and how much of your distress came from your own anger? Finish by describing what a firm but fair response would look like now, including any boundary you need to set.",
            },
          ],
        },
        {
          title: "The Evening Review",
          description:
            "Seneca's nightly self-examination: what did I do well, where did I fall short, and what will I do differently tomorrow?",
          duration: 15,
          body: theEveningReview,
          assessments: [
            {
              title: "Seven Nights of Review",
              kind: "exercise",
              prompt:
                "For seven evenings in a row, answer the three questions from the lesson in a few lines: What did I do well today? Where did I fall short? What will I do differently tomorrow? Date each entry and, if you miss a night, simply note it and continue. When the week is over, copy or summarise your seven entries here.",
            },
            {
              title: "What the Review Revealed",
              kind: "reflection",
              prompt:
                "Read your week of evening reviews in one sitting. What patterns do you notice in the situations, people or times of day where you did well or fell short, and what surprised you? Describe how it felt to examine yourself in Seneca's spirit, fairly but kindly, and name one change you will carry into the coming week.",
            },
          ],
        },
      ],
    },
    {
      title: "Living Well With Adversity",
      description: "The Stoic attitude to loss, setbacks and mortality, and how to bring the course together into a practice of your own.",
      lessons: [
        {
          title: "Amor Fati: Loving What Happens",
          description:
            "Accepting events not with grim resignation but as material for living well, and where acceptance ends and action begins.",
          duration: 30,
          body: amorFati,
          assessments: [
            {
              title: "An Obstacle Become the Way",
              kind: "reflection",
              prompt:
                "Choose an obstacle you are facing now, or one you faced in the past, and describe it plainly. Separate what must be accepted because it has already happened from what you can still act on, and name the virtue the situation gives you a chance to practise. Finish with one step you will take or took; if the situation involves real loss, be honest about the grief as well, since acceptance does not require you to pretend.",
            },
          ],
        },
        {
          title: "Memento Mori Without Morbidity",
          description: "Remembering that life is short as a source of gratitude and focus rather than fear.",
          duration: 20,
          body: mementoMori,
          assessments: [
            {
              title: "Letter to Your Future Self",
              kind: "reflection",
              prompt:
                "Write a letter to yourself to be read one year from today. Say what matters most to you now, which people you want to have loved well, and what you want to stop postponing before the year is out. Write it in the spirit of Seneca's advice to balance life's account every day: grateful and clear rather than fearful.",
            },
            {
              title: "Stoic Attitudes to Death Quiz",
              kind: "quiz",
              questions: [
                {
                  prompt: "What was the main purpose of remembering death for the Stoics?",
                  choices: [
                    {
                      text: "To make people anxious enough to avoid all risks.",
                      explanation: "No. The Stoics wanted less fear of death, not more.",
                    },
                    {
                      text: "To prepare for an afterlife in which virtue would be rewarded.",
                      explanation: "No. The lesson presents memento mori as a way of living well now, not as preparation for reward.",
                    },
                    {
                      text: "To wake up to what matters, act well now and treat each day as a gift.",
                      explanation: "Correct. Marcus uses it to bring himself back to being good while it is in his power.",
                    },
                  ],
                  correct: 2,
                },
                {
                  prompt: 'What does Seneca mean when he says we are "dying daily"?',
                  choices: [
                    {
                      text: "That the years already behind us are in death's hands, so time wasted is life lost.",
                      explanation: "Correct. Death is not only an event at the end; every day that passes is already gone.",
                    },
                    {
                      text: "That he was seriously ill when he wrote the letter.",
                      explanation: "No. The point is about everyone's relationship to time, not about his health.",
                    },
                    {
                      text: "That we should spend each day preparing our funeral.",
                      explanation: "No. Seneca's advice is to value and use each day, not to dwell on funerals.",
                    },
                  ],
                  correct: 0,
                },
                {
                  prompt: "How does Epictetus use the example of Socrates in the Handbook?",
                  choices: [
                    {
                      text: "To argue that only philosophers need not fear death.",
                      explanation: "No. His point applies to everyone: the fear lies in our opinion about death.",
                    },
                    {
                      text: "To show that if death were terrible in itself, it would have seemed so to Socrates; the terror lies in our opinion.",
                      explanation: "Correct. Socrates faced his execution calmly, which suggests the terror is a judgement we add.",
                    },
                    {
                      text: "To warn that even Socrates was afraid at the end.",
                      explanation: "No. The example works precisely because Socrates was not afraid.",
                    },
                  ],
                  correct: 1,
                },
                {
                  prompt: 'Why does Epictetus suggest saying "To-morrow you will die" while kissing your child?',
                  choices: [
                    {
                      text: "To teach children to be brave.",
                      explanation: "No. The words are said quietly to yourself; the lesson is for the one who loves.",
                    },
                    {
                      text: "To help you love less, so that loss hurts less.",
                      explanation: "No. The lesson says the point is not to love less.",
                    },
                    {
                      text: "Because he believed children were especially likely to die young.",
                      explanation: "No. The practice applies to everyone we love, friends included.",
                    },
                    {
                      text: "To love with open eyes, remembering that what we love is ours only for a time, and so not take it for granted.",
                      explanation: "Correct. He compares it to the reminder of mortality given to a general in a Roman triumph.",
                    },
                  ],
                  correct: 3,
                },
                {
                  prompt: "What does the lesson advise if thoughts of death feel heavy or intrusive rather than clarifying?",
                  choices: [
                    {
                      text: "Practise the exercise more often until the feelings pass.",
                      explanation: "No. The lesson advises the opposite: set the exercise aside.",
                    },
                    {
                      text: "Set the exercise aside and talk to someone, such as a doctor, a counsellor or a crisis line.",
                      explanation:
                        "Correct. The practice is meant to leave you more alive and present; if it does the opposite, it is not working as intended.",
                    },
                    {
                      text: "Keep the feelings to yourself, as a good Stoic would.",
                      explanation: "No. Nothing in the lesson suggests hiding distress; it encourages seeking support.",
                    },
                  ],
                  correct: 1,
                },
              ],
            },
          ],
        },
        {
          title: "Building Your Personal Stoic Practice",
          description: "Choose the exercises that suit you, set a realistic routine and plan for the days when you forget it.",
          duration: 30,
          body: buildingYourPractice,
          assessments: [
            {
              title: "Your Stoic Practice Plan",
              kind: "exercise",
              prompt:
                "Write your personal practice plan. Name the two or three practices you have chosen, and for each say when and where it will happen and which existing habit it is attached to. Add the minimum version for busy days, how you will keep track and review the plan each week, and what you will do after you miss a day.",
            },
            {
              title: "Looking Back on the Course",
              kind: "reflection",
              prompt:
                "Looking back over the nine lessons, which idea has most changed the way you see things, and which has been hardest to put into practice? Describe one moment during the course when a Stoic idea made a practical difference, however small. End with a question about Stoicism or about your own life that you would like to keep thinking about.",
            },
            {
              title: "Final Course Quiz",
              kind: "quiz",
              questions: [
                {
                  prompt: "According to Epictetus, which of these is fully in our power?",
                  choices: [
                    {
                      text: "Our reputation",
                      explanation:
                        "No. Reputation depends on other people's opinions, so Epictetus lists it among the things not in our power.",
                    },
                    {
                      text: "Our body and health",
                      explanation:
                        "No. We can care for the body, but illness and age come regardless; Epictetus places the body outside our power.",
                    },
                    {
                      text: "The outcome of our efforts",
                      explanation: "No. Like the archer's arrow once it has left the bow, outcomes depend on more than us.",
                    },
                    {
                      text: "Our judgements, desires and choices",
                      explanation:
                        "Correct. Opinion, desire, aversion and, in a word, our own acts are what Epictetus says are in our power.",
                    },
                  ],
                  correct: 3,
                },
                {
                  prompt: "What did the Stoics hold to be the only true good?",
                  choices: [
                    {
                      text: "Virtue, or good character",
                      explanation:
                        "Correct. Wisdom, justice, courage and moderation, as one excellence, were for the Stoics the only thing good in every circumstance.",
                    },
                    {
                      text: "Pleasure, wisely managed",
                      explanation:
                        "No. Pleasure is an indifferent for the Stoics; the idea that wisely managed pleasure is the good belongs to their rivals, the Epicureans.",
                    },
                    {
                      text: "Health and a long life",
                      explanation: "No. These are preferred indifferents: reasonable to choose, but not good in themselves.",
                    },
                  ],
                  correct: 0,
                },
                {
                  prompt: "How do the morning premeditation and the evening review work together?",
                  choices: [
                    {
                      text: "They are two names for the same exercise.",
                      explanation: "No. One looks forward to the day and the other looks back on it.",
                    },
                    {
                      text: "The morning one is for work and the evening one is for family life.",
                      explanation: "No. Both cover the whole day; they differ in direction, not subject.",
                    },
                    {
                      text: "The morning rehearses difficulties and chooses responses; the evening reviews how the day went and sets one change for tomorrow.",
                      explanation:
                        "Correct. The evening review can even check whether the difficulty you anticipated arrived, and how you met it.",
                    },
                  ],
                  correct: 2,
                },
                {
                  prompt: "Which of these reflects Marcus Aurelius's advice for dealing with difficult people?",
                  choices: [
                    {
                      text: "Cut off anyone who behaves badly, since they cannot be helped.",
                      explanation:
                        "No. Marcus sees wrongdoers as kin, made for co-operation, though justice may still call for boundaries.",
                    },
                    {
                      text: "Remember they act from their own idea of the good, that you err too, and respond with firmness rather than resentment.",
                      explanation:
                        "Correct. These are among his considerations in Meditations 11.18, and he adds that the best revenge is not to become like the wrongdoer.",
                    },
                    {
                      text: "Put up with everything, including abuse, as a test of patience.",
                      explanation:
                        "No. The lesson is clear that Stoic patience is for ordinary friction, and that justice may require you to protect yourself and seek help.",
                    },
                  ],
                  correct: 1,
                },
                {
                  prompt: "What is the right way to understand amor fati, as the course presents it?",
                  choices: [
                    {
                      text: "Approving of everything that happens, including injustice.",
                      explanation: "No. Acceptance is not approval; the Stoics still cared about justice.",
                    },
                    {
                      text: "An ancient Stoic slogan that Marcus Aurelius used often.",
                      explanation: "No. The phrase was made famous by Nietzsche; the Stoics expressed the attitude in other words.",
                    },
                    {
                      text: "Forcing yourself to feel cheerful about every loss.",
                      explanation: "No. The lesson says acceptance does not require cheerfulness, and that grief is a human response.",
                    },
                    {
                      text: "Accepting what has already happened, and using it as material for virtue as you act on what comes next.",
                      explanation: "Correct. Accept the present fact, then act on the future with everything that is up to you.",
                    },
                  ],
                  correct: 3,
                },
                {
                  prompt: "What does the course suggest doing after you miss days of your practice?",
                  choices: [
                    {
                      text: "Make up for lost days by doing extra practice.",
                      explanation:
                        "No. The lesson suggests simply returning, perhaps with tomorrow's minimum version, without trying to catch up.",
                    },
                    {
                      text: "Return without self-reproach, as Marcus advises, and count progress as Epictetus did with his days without anger.",
                      explanation:
                        "Correct. Marcus tells himself not to be discouraged but to return, and Epictetus measures progress rather than demanding perfection.",
                    },
                    {
                      text: "Give up and choose a different philosophy.",
                      explanation: "No. Everyone misses days; what matters is coming back.",
                    },
                  ],
                  correct: 1,
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

import type { SeedCourse } from "../types";
import { lessonRecordings } from "./recordings";

/** Lesson texts, kept as constants so the course structure below stays easy to read. */

const howStressShapesAttention = `Think of the last time something went suddenly wrong: an email from your manager asking for "a quick word", a child's fever climbing in the night, a car drifting into your lane. Before you had formed a single deliberate thought, your body had already decided what mattered. Your heart quickened, your breath grew shallow, and your attention shrank to a narrow beam aimed at the problem. None of this is a flaw in your design. It is one of the oldest and most dependable systems you have. But the machinery that kept our ancestors alive can, in a world of inboxes and deadlines, keep us in a low-level emergency that never quite switches off. This course begins here, with an honest look at how stress shapes what we notice, because resilience starts with seeing clearly what is happening inside us.

## The Body's Alarm

Early in the twentieth century the American physiologist Walter Cannon described what he called the "fight or flight" response: the body's rapid preparation to confront a danger or to escape it. When you perceive a threat, your sympathetic nervous system releases adrenaline within seconds, and a slower hormonal chain releases cortisol. Your heart pumps harder, blood moves toward the large muscles, digestion slows, and your senses tune themselves to danger.

For a short, physical emergency this is exactly what you need. The difficulty, as the neuroscientist Robert Sapolsky explains in *Why Zebras Don't Get Ulcers*, is that human beings can switch on the same alarm with thought alone. A zebra's stress response subsides once the lion has gone. Ours can keep running while we lie awake rehearsing a conversation that will not happen until Thursday, or replaying one that ended last year.

## Tunnel Vision

Stress does not only change the body; it changes what you see. Under pressure, attention narrows toward whatever seems most threatening and lets the rest fall away. In an emergency that focus is useful. In the tangled situations that make up most modern stress, such as a strained relationship, a money worry or a difficult project, it means we lose sight of context, of options, and of the people who might help.

Two habits of mind deepen the tunnel.

- **The negativity bias.** In a widely cited review, Roy Baumeister and his colleagues concluded that, across many areas of life, bad events tend to weigh more heavily on us than good events of similar size. One critical remark can outweigh a morning of appreciation.
- **Rumination.** The psychologist Susan Nolen-Hoeksema described rumination as repeatedly turning over our distress, its causes and its consequences, without moving toward action. It feels like problem-solving, but her research linked it to longer and deeper periods of low mood.

## The Wandering Mind

Even without a crisis, our attention is rarely where we are. In 2010 Matthew Killingsworth and Daniel Gilbert used a smartphone app to ask thousands of people, at random moments, what they were doing, what they were thinking about and how they felt. Minds were wandering in nearly half of the samples, and people were generally less happy when their minds wandered than when they were engaged with what they were doing. The title of their paper summed it up: a wandering mind is an unhappy mind.

## What Mindfulness Changes

Jon Kabat-Zinn, who founded the Mindfulness-Based Stress Reduction programme at the University of Massachusetts Medical School in 1979, describes mindfulness as paying attention on purpose, in the present moment, and without judgement. Notice what that definition does not promise. Mindfulness does not switch off the alarm, and it does not make hard things pleasant. What it changes is your *relationship* to what is happening.

When you notice "my jaw is clenched, my breathing is tight, and I am telling myself this will be a disaster", something shifts. You are no longer only inside the reaction; you are also aware of it. That awareness widens the beam a little. It opens a small space in which you can choose your next step instead of being carried along by the first impulse. More than a century ago, William James saw how much depends on this capacity:

> The faculty of voluntarily bringing back a wandering attention, over and over again, is the very root of judgment, character, and will.
>
> — William James, *The Principles of Psychology* (1890)

The rest of this course is, in one way or another, training in that faculty.

## Exercise: Catching the Narrowing

Try this once today, the next time you feel stress rising.

1. **Pause** for a single breath, wherever you are.
2. **Name three body signals**, for example tight shoulders, a fast heartbeat, a knot in the stomach.
3. **Name the story.** Complete the sentence "I'm telling myself that..." in a few words.
4. **Widen the beam.** Without moving your head, notice three things at the edges of your vision and two sounds in the background.
5. **Ask one question:** "What is actually needed in the next ten minutes?"
6. **Jot it down** this evening: what you noticed, and whether the pause changed anything at all.

## Sources

- Walter B. Cannon, *Bodily Changes in Pain, Hunger, Fear and Rage* (1915)
- Robert M. Sapolsky, *Why Zebras Don't Get Ulcers* (1994)
- Roy F. Baumeister, Ellen Bratslavsky, Catrin Finkenauer and Kathleen D. Vohs, "Bad Is Stronger Than Good", *Review of General Psychology* (2001)
- Susan Nolen-Hoeksema, "Responses to Depression and Their Effects on the Duration of Depressive Episodes", *Journal of Abnormal Psychology* (1991)
- Matthew A. Killingsworth and Daniel T. Gilbert, "A Wandering Mind Is an Unhappy Mind", *Science* (2010)
- Jon Kabat-Zinn, *Full Catastrophe Living* (1990) and *Wherever You Go, There You Are* (1994)
- William James, *The Principles of Psychology* (1890)
`;

const groundingThroughTheSenses = `When stress narrows your attention, it usually narrows it into your head: into forecasts, replays and arguments with people who are not in the room. Your senses, by contrast, can only ever report on the present. The sound of a car passing, the weight of your body on a chair, the cool air at your nostrils: none of these is happening yesterday or next week. Grounding practices make use of this simple fact. By deliberately turning toward what you can see, hear, touch and feel, you give your attention somewhere steady to land, and you remind your nervous system that, in this moment at least, you are here and you are managing.

This lesson comes with a guided recording that takes you through the grounding exercise step by step. Find a place where you can sit or stand undisturbed for a few minutes and press play; the transcript is below the player if you prefer to read the words or want to return to them later.

## Why the Senses Steady Us

In the previous lesson you saw how the stress response pulls attention toward threat and how easily the mind wanders. Grounding does not argue with anxious thoughts or try to talk you out of them. It simply moves the place where your attention rests. Thoughts about a problem can multiply without end, but there are only so many sounds in a room, and listening to them is a task with a clear edge.

Mindfulness-Based Stress Reduction begins in a similar spirit. Early in the programme, participants eat a single raisin very slowly, noticing its colour, its wrinkles, its smell, the feel of it on the tongue and the burst of taste when they bite. The point is not the raisin. It is the discovery of how much ordinary experience we pass over, and how steadying it can be to arrive in it fully.

## The Anchor of the Feet

The simplest grounding practice uses the soles of your feet.

- Feel the contact between your feet and the floor: pressure, warmth or coolness, the texture of socks or shoes.
- Let your weight sink down through your legs, as if the ground were holding you up, because it is.
- Notice the small movements of balance if you are standing, or the support of the chair if you are sitting.

The feet are a good anchor for three reasons. They are far from the busy head. They are always available. And no one can tell you are doing it, which makes the practice usable in a meeting, on a bus or in a difficult conversation.

## The 5-4-3-2-1 Practice

A widely taught sequence moves through the senses one by one:

1. **Five things you can see.** Describe them to yourself in detail: not "a mug" but the curve of the handle and the light on the glaze.
2. **Four things you can feel.** The chair at your back, the fabric on your arms, air on your skin, your hands resting.
3. **Three things you can hear.** Near sounds and far ones, loud and faint.
4. **Two things you can smell.** If nothing is obvious, notice the faint smell of the room or your own sleeve.
5. **One thing you can taste.** Or simply the sensation inside your mouth.

Go slowly. The counting is only scaffolding; what matters is the quality of attention you bring to each thing.

## Grounding in Small Moments

You do not need a cushion or a quiet room. In *The Miracle of Mindfulness*, Thich Nhat Hanh suggests washing the dishes simply to wash the dishes, giving full attention to the warm water and the plates instead of hurrying through to get to the next thing. You can attach grounding to moments that already happen every day: the first sip of a drink, your hand on a door handle, waiting for a kettle to boil, washing your hands. Thirty seconds is enough.

## When Grounding Feels Hard

For some people, turning toward the body or the breath can feel uncomfortable rather than calming. If that is true for you, keep your eyes open, favour the outer senses such as sight and sound, hold an object with an interesting texture, or ground yourself while walking slowly. If you often experience panic attacks, flashbacks or a sense of being detached from yourself, grounding can help in the moment, but a qualified professional, ideally one trained in trauma, is the right person to support you.

## Exercise: Three Grounding Moments a Day

1. **Listen to the recording** once today, somewhere you will not be interrupted.
2. **Choose three cues**: one in the morning, one around midday and one in the evening, each tied to something you already do.
3. **At each cue, ground for 30 to 60 seconds**, starting with your feet and then adding one or two other senses.
4. **Rate your tension** from 0 to 10 just before and just after.
5. **In the evening, note** which sense steadied you most and which cue was easiest to remember.

Continue for a few days, then describe what you found in the exercise below.

## Sources

- Jon Kabat-Zinn, *Full Catastrophe Living* (1990)
- Thich Nhat Hanh, *The Miracle of Mindfulness* (1975)
- The 5-4-3-2-1 sequence is a widely used grounding technique in counselling and mindfulness teaching, with no single author.
`;

const recognisingAutopilot = `You have probably had the experience of arriving somewhere with no memory of the journey. You drove, or walked, or took the train, made dozens of small decisions along the way, and yet none of it left a trace. That is autopilot: the mind's ability to run familiar routines without your conscious attention. It is not an enemy. Habits free up your limited attention for other things, and life would be exhausting if you had to think about every step of tying your shoelaces. The trouble is that autopilot does not stop at shoelaces. Moods, reactions and whole ways of seeing can run on the same automatic tracks, and they can carry us a long way before we notice where we are going.

## Doing Mode and Being Mode

The psychologists Zindel Segal, Mark Williams and John Teasdale, who developed Mindfulness-Based Cognitive Therapy, open their eight-week programme with a session on automatic pilot. They describe two broad modes of mind.

- **Doing mode** compares how things are with how we want them to be, and works to close the gap. It is brilliant for fixing a leaking tap or planning a holiday. Turned on our own feelings, however, it tends to become rumination: "Why do I feel like this? What is wrong with me? How do I make it stop?"
- **Being mode** is direct, present-moment awareness of what is here, without the immediate pressure to change it. It is not passive; it is the ground from which wiser action can come.

Autopilot is doing mode running unsupervised. Mindfulness is the practice of noticing which mode you are in, and shifting when doing mode is not helping.

## How a Reaction Chain Unfolds

Automatic reactions are rarely a single event. They are usually a chain of small links that happen so quickly they feel like one.

1. **Trigger**: a message from your sister that says only "Can we talk later?"
2. **Sensation**: a drop in the stomach, a tightening in the throat.
3. **Interpretation**: "Something is wrong. I must have upset her."
4. **Urge**: to reread old messages, to check, to fix it now.
5. **Action**: an hour of replaying conversations, and a sharp tone with whoever walks into the room.

The earlier in the chain you notice what is happening, the more choice you have. At the last link you can only apologise. At the second you can feel your feet, breathe and remind yourself that you do not yet know what she wants to talk about.

## Early Warning Signs

Everyone has a personal set of signals that they are being pulled onto autopilot. It helps to know yours.

### In the body

Clenched jaw, raised shoulders, held breath, eating without tasting, a familiar ache behind the eyes.

### In thinking

Absolute words such as *always* and *never*, guessing what others think of you, rehearsing conversations, and the phrase "I'll just..." before something you did not plan to do.

### In behaviour

Reaching for the phone without deciding to, working late by default, rushing between tasks, a clipped or irritable tone.

It is worth saying clearly: the moment you notice you have been on autopilot is not a failure. It is the moment of mindfulness itself. Waking up, again and again, *is* the practice.

## Habit Releasers

In *Mindfulness: Finding Peace in a Frantic World*, Mark Williams and Danny Penman suggest small habit releasers that loosen the grip of routine, such as sitting in a different chair at meetings or taking a new route to work. Changing something trivial reminds you that many of your patterns are choices, even if you stopped making them consciously long ago.

## Exercise: An Autopilot Audit

1. **Choose one routine activity** you will do with full attention every day this week: brushing your teeth, making coffee, or the first five minutes of your walk to work.
2. **Keep a small note** on your phone or on paper. Whenever you wake up from autopilot, jot down where you were, what set it off and the first sign you can identify.
3. **Review the notes each evening.** Look for patterns in times of day, places, people and states such as tiredness or hunger.
4. **Name your most reliable early signal**, your personal smoke alarm, and decide what you will do when it goes off.
5. **Change one small routine** as a habit releaser and notice what it feels like.

## Sources

- Zindel V. Segal, J. Mark G. Williams and John D. Teasdale, *Mindfulness-Based Cognitive Therapy for Depression* (2002)
- Mark Williams and Danny Penman, *Mindfulness: Finding Peace in a Frantic World* (2011)
- Jon Kabat-Zinn, *Full Catastrophe Living* (1990)
`;

const turningTowardDiscomfort = `Most of us are highly skilled at not feeling things. We keep busy, reach for the phone, pour another glass, crack a joke, tidy the kitchen, or explain the feeling away before it has had a chance to arrive. These strategies are understandable, and in small doses they are often perfectly sensible. But when avoidance becomes our main way of meeting difficulty, it has a cost that is easy to miss: the feelings we push away tend to come back, often louder, and our lives quietly shrink around the places we no longer dare to go. This lesson introduces a different approach, one that is at the heart of mindfulness-based resilience: turning toward discomfort, gently and at a pace that suits you.

## Why Pushing Away Backfires

In a well-known set of experiments, the psychologist Daniel Wegner asked people not to think about a white bear for a few minutes and to ring a bell whenever the bear came to mind. The bell kept ringing. What is more, people who had first tried to suppress the thought tended to think about the bear more often afterwards, when they were allowed to. Trying not to think of something keeps it close at hand.

Acceptance and Commitment Therapy, developed by Steven Hayes and colleagues, uses the term *experiential avoidance* for our efforts to escape unwanted thoughts, feelings and sensations. Avoidance brings quick relief, which is exactly why it is so tempting, but over time it can keep anxiety alive and pull us away from the things we care about. The meditation teacher Shinzen Young expresses a related idea as a kind of equation: suffering equals pain multiplied by resistance. We cannot always reduce the pain, but we can often soften the resistance.

## What Turning Toward Means

Turning toward an emotion does not mean wallowing in it, analysing it endlessly or forcing yourself to feel as much as possible. It means approaching the feeling with curiosity, mainly as it shows up in the body. Emotions are not only thoughts. They have a physical shape: heat in the face, a weight on the chest, a knot in the stomach, a buzzing in the arms. When we stop feeding them with stories, these sensations tend to change, rising and falling more like waves than walls.

## Naming What You Feel

Putting a simple label on an emotion can itself be steadying. In a brain-imaging study led by Matthew Lieberman, when people chose a word to describe the emotion on a face in a photograph, the amygdala, a brain region involved in threat responses, was less active than when they labelled the same faces in other ways. The psychiatrist Dan Siegel sums this up in a memorable phrase: name it to tame it. Keep the labels plain and kind: "fear is here", "this is sadness", "a lot of frustration".

## Going at Your Own Pace

Siegel also describes a *window of tolerance*: the range of arousal in which we can feel strongly and still think clearly. Above the window we become flooded, panicky or enraged; below it we go numb, flat or shut down. Turning toward discomfort works best at the edge of the window, not beyond it.

- **Start small.** Practise with difficulties you would rate around 2 or 3 out of 10, not with the hardest thing in your life.
- **Dip in and out.** Stay with the feeling for a few breaths, then return to a neutral anchor such as your feet or the sounds around you, then turn back if you wish.
- **Keep an exit.** You are always allowed to open your eyes, move, or stop.

The practices in this course are for everyday difficulties; intense distress, or feelings connected to trauma, deserve the support of a qualified professional rather than solo practice.

## Exercise: Locating Emotion in the Body

Set aside ten minutes for this practice.

1. **Settle.** Sit comfortably and feel your feet on the floor for a few breaths.
2. **Choose a mild difficulty**: a small worry, a minor irritation, a slightly awkward exchange.
3. **Bring it to mind** briefly, just enough to feel something.
4. **Scan the body.** Where do you notice it? Throat, chest, stomach, shoulders, jaw, hands?
5. **Explore its qualities.** Is it large or small? Hard-edged or diffuse? Warm or cool? Still, or moving?
6. **Name it** softly to yourself.
7. **Soften and allow.** Let the muscles around the sensation loosen a little and imagine your breath moving around it, letting it be exactly as it is.
8. **Return to your anchor** whenever it feels like too much, then come back if you choose.
9. **Close** by letting go of the situation, opening your eyes and noticing what, if anything, has changed.

## Sources

- Daniel M. Wegner, David J. Schneider, Samuel R. Carter and Teri L. White, "Paradoxical Effects of Thought Suppression", *Journal of Personality and Social Psychology* (1987)
- Steven C. Hayes, Kirk D. Strosahl and Kelly G. Wilson, *Acceptance and Commitment Therapy* (1999)
- Matthew D. Lieberman and colleagues, "Putting Feelings Into Words", *Psychological Science* (2007)
- Daniel J. Siegel, *The Developing Mind* (1999)
- Christopher Germer, *The Mindful Path to Self-Compassion* (2009), on softening and allowing
- Shinzen Young's teaching on pain and resistance
`;

const rain = `In the heat of a strong emotion, it is hard to remember anything complicated. That is why the practice in this lesson is built around a single, easily remembered word. RAIN stands for **Recognise, Allow, Investigate, Nurture**. The acronym was first introduced by the meditation teacher Michele McDonald and was later developed and widely shared by the psychologist and teacher Tara Brach, whose version ends with Nurture. RAIN gathers the skills from the previous lessons into one sequence: noticing what is happening, turning toward it, feeling it in the body, and meeting it with care. It can take a few minutes or twenty, and it can be practised on the cushion or in the middle of a working day.

## R: Recognise

The first step is simply to notice and name what is going on. Pause, and ask yourself, "What is happening inside me right now?" Then name the strongest feeling in plain words: anxiety, resentment, shame, grief. Often there are layers; irritation on the surface may have hurt or fear underneath. Recognising seems obvious, but much of the time we are so busy reacting that we never actually register what we feel.

## A: Allow

Allowing means letting the feeling be here, without trying to fix it, suppress it or argue it away. It does not mean approving of the situation, liking the feeling, or deciding to do nothing about what caused it. It simply means stopping the fight with your own experience for a few moments. Brach suggests a quiet inner word such as "yes" or "this belongs". If you notice resistance, allow that too: "there is a part of me that really doesn't want this."

## I: Investigate

Now, with kind curiosity, look a little more closely. Investigation in RAIN is not an intellectual analysis of where the feeling comes from. It is an interested exploration, mostly through the body. You might ask:

- Where do I feel this in my body, and what is it like?
- What am I believing right now?
- What does this hurting part of me most need?

Brach stresses that the attitude matters more than the questions. If investigation turns cold or interrogating, return to the body and soften.

## N: Nurture

Finally, offer yourself what the feeling seems to need. That might be a hand on your heart, a simple phrase such as "it makes sense that this hurts" or "I'm here", or the image of a wise, loving person sitting beside you. If it is hard to offer kindness to yourself, imagine what that person would say. In earlier versions of RAIN the N stood for *non-identification*; Brach came to emphasise Nurture because many people found that, without active care, the process stayed incomplete.

## After the RAIN

Brach also describes what she calls the after the RAIN: a few moments of simply resting, noticing the quality of your awareness once the steps are done. People often find that they are no longer entirely identified with the feeling. It is still here, but it is not all of who they are.

## A Worked Example

Sam receives a curt email from a colleague and feels a hot surge of anger.

1. **Recognise**: "Resentment. And underneath it, something like hurt."
2. **Allow**: "Okay. This is here. I don't have to do anything with it yet."
3. **Investigate**: heat in the face, a tight band across the chest, and a belief: "They don't respect my work." What does this part need? To feel that its effort counts.
4. **Nurture**: a hand on the chest and the words, "Of course this stings. You care about doing good work."

Afterwards Sam is still annoyed, but no longer gripped. Replying tomorrow now seems entirely possible.

## Common Pitfalls

- **Rushing to Nurture** in order to make the feeling go away.
- **Turning Investigate into analysis**, spinning theories instead of feeling the body.
- **Starting with the biggest difficulty** in your life instead of a mild one.
- **Expecting the feeling to vanish.** RAIN changes your relationship with an emotion; it does not guarantee the emotion will leave.

RAIN is designed for the ordinary difficulties of life; if an emotion is overwhelming or tied to trauma, please work with a qualified professional rather than pushing through on your own.

## Exercise: RAIN With a Mild Difficulty

1. **Choose** a situation that bothers you at about 3 out of 10.
2. **Settle** with a few breaths and feel your feet.
3. **Recognise** the main feeling and name it.
4. **Allow** it with a quiet "yes" or "this belongs".
5. **Investigate** where it lives in the body and what you are believing.
6. **Nurture** with touch, a kind phrase, or an imagined wise friend.
7. **Rest** for a minute afterwards and notice what has shifted.

## Sources

- Tara Brach, *Radical Acceptance* (2003) and *Radical Compassion* (2019)
- Michele McDonald, who first taught RAIN as a mindfulness practice
`;

const breathingSpace = `Most difficult moments do not arrive with a twenty-minute gap in which to meditate. They come in the middle of a meeting, on a crowded train, in the car park before a hospital appointment, or at the kitchen table when a bill arrives. The three-step breathing space was designed for exactly these moments. It takes about three minutes, needs no special posture or equipment, and can be done with your eyes open. Think of it as a bridge between the longer practices in this course and the rest of your life: a short, deliberate pause in which you step out of autopilot and take stock before you choose what to do next.

## Where It Comes From

The breathing space was developed by Zindel Segal, Mark Williams and John Teasdale as a core practice of Mindfulness-Based Cognitive Therapy, a programme that combines Mindfulness-Based Stress Reduction with ideas from cognitive therapy. MBCT was first designed to help people who had recovered from depression reduce their risk of relapse, but its short practices have since been taught widely to people who simply want to meet stress more skilfully.

## The Shape of an Hourglass

The practice has three steps, and teachers often describe its shape as an hourglass: wide at the top, narrow in the middle, wide again at the bottom.

### Step 1: Becoming aware

Adopt an upright, dignified posture, whether sitting or standing, and close your eyes if that feels comfortable. Ask yourself, "What is my experience right now?"

- **Thoughts**: notice them as mental events, passing through, rather than facts.
- **Feelings**: acknowledge any emotion that is here, including unwanted ones, without trying to change it.
- **Body sensations**: notice tightness, heaviness, restlessness or ease.

### Step 2: Gathering

Now narrow your attention to the breath, in one place in the body. Many people choose the belly, feeling it rise with each in-breath and fall with each out-breath. Follow the breath all the way in and all the way out. When the mind wanders, as it will, gently bring it back. The breath acts as an anchor, gathering your scattered attention into the present.

### Step 3: Expanding

Let your awareness widen from the breath to include the body as a whole: your posture, your facial expression, the sense of the whole body breathing. If there is discomfort or tension, you can let your attention rest there and breathe with it, softening a little on each out-breath. Then, as best you can, carry this wider awareness into the next moments of your day.

## Regular and Responsive

There are two ways to use the breathing space.

- **Regular**: at set times, perhaps three times a day, whatever is going on. This builds the habit, so that the practice is familiar when you most need it.
- **Responsive**: whenever you notice one of your early warning signs from earlier in the course, such as a clenched jaw, a rush of irritation or the urge to reach for your phone.

## What It Is Not

The breathing space is not a way to make difficult feelings disappear, and it is not primarily a relaxation exercise, although it may leave you calmer. It is a pause that helps you see what is happening and respond rather than react. When you open your eyes, ask what would be helpful now: returning to the task with more awareness, a small act of kindness toward yourself, tackling one manageable job, or simply recognising that your thoughts are thoughts, not facts.

## Exercise: A Week of Breathing Spaces

1. **Choose three times** each day, linked to things you already do, such as before breakfast, after lunch and when you get home.
2. **Set a gentle reminder** on your phone for the first few days.
3. **Spend about a minute on each step.** Do not worry about exact timing; the shape matters more than the clock.
4. **Add at least one responsive breathing space** each day, when you notice stress rising.
5. **Write one word** for how you felt before and one for how you felt after.
6. **At the end of the week**, read your words back and notice what the practice has shown you.

## Sources

- Zindel V. Segal, J. Mark G. Williams and John D. Teasdale, *Mindfulness-Based Cognitive Therapy for Depression* (2002)
- Mark Williams and Danny Penman, *Mindfulness: Finding Peace in a Frantic World* (2011)
`;

const innerCriticInnerAlly = `Listen carefully to how you speak to yourself after you have made a mistake. For many people the voice is startlingly harsh: "You idiot. You always do this. No wonder nobody takes you seriously." We would never speak to a friend like that, and if we heard someone speaking to a child that way we would be worried. Yet the inner critic often runs constantly in the background, and we take its verdicts as simple truth. This lesson looks at where that voice comes from, why it is less helpful than it claims to be, and how you can begin to cultivate another voice: an inner ally that is just as honest, but on your side.

## Where the Critic Comes From

The psychologist Paul Gilbert, who developed Compassion-Focused Therapy, describes three broad systems that help regulate our emotions.

- **The threat system** scans for danger and responds with anxiety, anger or disgust. It is fast and protective.
- **The drive system** motivates us to pursue goals and rewards, bringing excitement and pleasure.
- **The soothing system** brings a sense of safety, contentment and connection, and is closely linked to feeling cared for.

The inner critic usually operates from the threat system. In its own way it is trying to protect you, from failure, rejection or embarrassment, by attacking first. Its words often echo voices we heard earlier in life from parents, teachers or peers, or messages absorbed from the wider culture. Seeing the critic as a frightened protector rather than an accurate judge can loosen its grip.

## Does Harshness Work?

Many people fear that if they stop criticising themselves they will become lazy or complacent. Research by Kristin Neff and others suggests that self-compassion is not the same as self-indulgence or self-pity. In a series of studies, Juliana Breines and Serena Chen found that people encouraged to take a self-compassionate view of a weakness or failure were more motivated to improve than those who were not. In one study, students who had done poorly on a difficult test and were then prompted toward self-compassion spent more time studying for a second test than students in the comparison groups.

This makes sense once you remember the threat system. Harsh self-criticism triggers fear, and fear tends to produce avoidance, procrastination and defensiveness rather than learning.

## Meet the Inner Ally

The inner ally is not a cheerleader or a flatterer. It does not pretend the mistake did not happen. It is more like a good coach or a wise friend: it sees clearly, cares about you, and is interested in what will help next.

- **The critic** speaks in absolutes ("you always", "you never"); **the ally** speaks about this particular situation.
- **The critic** attacks your character; **the ally** looks at actions that can change.
- **The critic** looks back in order to punish; **the ally** looks back in order to learn, and then looks forward.
- **The critic** says "What is wrong with you?"; **the ally** asks "What happened, and what do you need?"

A simple test: if a friend came to you with the same problem, what would you say to them? That is usually close to what your inner ally would say to you.

## Exercise: Translating the Critic

1. **Catch a moment** today when the critic speaks, and write down its words exactly as you heard them.
2. **Notice the effect**: the tone of voice and what happens in your body as you read the words back.
3. **Ask what it is afraid of.** What is the critic trying to protect you from?
4. **Acknowledge its intention**, if you can: "Thank you for trying to keep me safe."
5. **Rewrite the message** in the voice of your inner ally, keeping the genuine concern but making it honest, warm, specific and forward-looking.
6. **Read the new message aloud** slowly and notice how your body responds.

Self-criticism that is relentless, or that is tied to depression or thoughts of harming yourself, deserves the help of a qualified professional, not only self-help practice.

## Sources

- Paul Gilbert, *The Compassionate Mind* (2009)
- Kristin Neff, *Self-Compassion* (2011)
- Juliana G. Breines and Serena Chen, "Self-Compassion Increases Self-Improvement Motivation", *Personality and Social Psychology Bulletin* (2012)
`;

const selfCompassionBreak = `When a good friend calls you in distress, you probably do three things without thinking about it. You listen and take their pain seriously. You remind them that they are not the only one who has been through something like this. And you offer warmth: a kind word, a hand on the shoulder, a cup of tea. The self-compassion break turns these three natural responses inward. It is a short practice, taking a minute or two, for the moments when things go wrong and the inner critic is reaching for its familiar script. In the previous lesson you began to hear the voice of an inner ally; this practice gives that voice a simple structure you can remember under pressure.

## The Three Elements of Self-Compassion

Kristin Neff, whose research did much to bring self-compassion into psychology, describes it as having three components, each with an opposite that tends to appear when we are struggling.

1. **Mindfulness**, rather than over-identification: seeing our pain clearly, neither ignoring it nor being swept away by it.
2. **Common humanity**, rather than isolation: recognising that suffering and imperfection are part of being human, not proof that something is uniquely wrong with us.
3. **Self-kindness**, rather than self-judgement: treating ourselves with warmth and understanding instead of harsh criticism.

The self-compassion break moves through these three elements in turn.

## The Practice

Bring to mind a situation that is difficult for you right now, and let yourself feel a little of the discomfort in your body.

### Step 1: Mindfulness

Acknowledge the difficulty, simply and honestly. You might say to yourself: "This is a moment of suffering", "This is really hard", or just "Ouch." The aim is to recognise what is here, neither exaggerating it nor brushing it aside.

### Step 2: Common humanity

Remind yourself that you are not alone. "Struggle is part of life." "Other people feel this way too." "Everyone makes mistakes." You are connecting your private difficulty to the shared human experience, which tends to soften the sense of shame and isolation.

### Step 3: Self-kindness

Place a hand on your heart, or anywhere that feels comforting, and feel its warmth. Then offer yourself a kind phrase: "May I be kind to myself", "May I give myself what I need", or "I'm here for you." If you are unsure what to say, ask: "What would I say to a close friend in this situation?"

## Finding Your Own Words

Neff encourages people to find language that feels authentic rather than repeating phrases that feel forced. Some prefer very plain words ("This hurts. Lots of people go through this. I'll look after myself"); others respond to more traditional phrasing. Experiment until you find words you can actually mean.

## When Kindness Feels Difficult

Christopher Germer and Kristin Neff use the word *backdraft* for something that sometimes happens when we offer ourselves kindness: like air rushing into a room where a fire has been smouldering, warmth can stir up old pain, such as sadness or a feeling of unworthiness. This is common and does not mean you are doing it wrong. Slow down, return to your feet or to the sounds around you, or try a practical act of self-care, such as a walk or a meal, instead of kind words. If painful old memories come up strongly, it may help to explore them with a qualified professional.

## Exercise: The Self-Compassion Break

1. **Choose a mild difficulty** and bring it to mind.
2. **Feel where it shows up** in the body.
3. **Acknowledge it**: "This is a moment of difficulty."
4. **Connect**: "I'm not alone in this."
5. **Offer kindness** with a hand on your heart and a phrase you can mean.
6. **Rest** for a few breaths and notice what has changed, even slightly.

Then, over the coming week, use the break in real moments of difficulty, however small.

## Sources

- Kristin Neff, *Self-Compassion* (2011)
- Kristin Neff and Christopher Germer, *The Mindful Self-Compassion Workbook* (2018)
- Christopher Germer, *The Mindful Path to Self-Compassion* (2009)
`;

const resiliencePlan = `Practices learned in a course have a way of fading. For a few weeks they feel vivid; then a busy month arrives, an old pattern reasserts itself, and the breathing space you meant to do three times a day becomes something you remember doing once. This is not a personal failing. It is how habits work. The good news is that a little planning makes a large difference. In this final lesson you will gather what you have learned into a personal resilience plan: a short, practical document that says what your stress signals are, which practices help you most, and exactly when and how you will use them.

## Resilience Is Ordinary

The developmental psychologist Ann Masten, after decades of studying children who thrived despite adversity, described resilience as "ordinary magic". Her point was that resilience rarely comes from rare or heroic qualities. It comes from ordinary human resources working well: supportive relationships, the ability to manage attention and emotion, routines, a sense of meaning. That means resilience is not a trait you either have or lack. It is something you can build and maintain, a little at a time.

## Looking Back: Your Toolkit

Over this course you have practised a range of tools.

- **Grounding through the senses**, for when the mind is racing and you need to arrive in the present quickly.
- **Recognising autopilot** and your early warning signs.
- **Turning toward discomfort**, locating an emotion in the body and naming it.
- **RAIN**, for emotions that keep returning and deserve more time and care.
- **The three-step breathing space**, a three-minute pause you can take almost anywhere.
- **The inner ally and the self-compassion break**, for moments of failure, shame and self-criticism.

## Step 1: Map Your Signals

A traffic-light picture is a simple way to map how stress builds for you.

- **Green**: how you are when you are coping well. What do you notice in your sleep, energy, mood and relationships?
- **Amber**: the early warning signs that stress is building, such as tight shoulders, shorter sleep, more scrolling, irritability or skipped meals.
- **Red**: signs that you are overwhelmed, such as being unable to think clearly, withdrawing from people, or feeling numb or panicky.

Write three to five signals for each colour. The amber list is the most valuable, because that is where small actions have the biggest effect.

## Step 2: Match Practices to Signals

- **In green**, keep a modest daily anchor: a regular breathing space, a short sitting practice, or one routine done mindfully.
- **In amber**, add responsive practices: a breathing space when you notice a signal, RAIN for a recurring feeling, the self-compassion break after a setback, and extra rest.
- **In red**, keep it simple: grounding, reaching out to people you trust, reducing demands where you can, and seeking professional help.

## Step 3: Make If-Then Plans

The psychologist Peter Gollwitzer studied what he called *implementation intentions*: plans that specify when, where and how you will act, in the form "If situation X arises, then I will do Y." His research found that such specific plans make people more likely to follow through than good intentions alone. Compare "I'll be more mindful at work" with "If I notice my jaw clenching in a meeting, then I will feel my feet on the floor for three breaths."

## Step 4: Plan for Obstacles and People

Name the obstacles most likely to get in your way, such as forgetting, tiredness, or the thought "I'm fine now, I don't need this", and decide in advance how you will respond. Write down two or three people you can contact when you move into amber or red. If you stay in red for more than a couple of weeks, struggle to manage daily life, or have thoughts of harming yourself, contact your doctor or a qualified professional; that is part of a good plan, not a sign it has failed.

## Step 5: Expect Lapses

You will stop practising at some point. Everyone does. The skill that matters is not perfect consistency but returning, in the same way that you return your attention to the breath when it wanders. Meet a lapse with your inner ally rather than your critic, and simply begin again.

## Exercise: Draft Your Plan Today

1. **List your signals** under green, amber and red.
2. **Choose one daily anchor practice** and when you will do it.
3. **Write three if-then plans** for your most common amber signals.
4. **Note your red-light actions**, including the people and professional support you can turn to.
5. **Name two obstacles** and your response to each.
6. **Set a review date** a month from now, and put it in your calendar.

## Sources

- Ann S. Masten, "Ordinary Magic: Resilience Processes in Development", *American Psychologist* (2001)
- Peter M. Gollwitzer, "Implementation Intentions: Strong Effects of Simple Plans", *American Psychologist* (1999)
- Zindel V. Segal, J. Mark G. Williams and John D. Teasdale, *Mindfulness-Based Cognitive Therapy for Depression* (2002)
- Tara Brach, *Radical Compassion* (2019)
- Kristin Neff, *Self-Compassion* (2011)
`;

export const mindfulResilience: SeedCourse = {
  id: 2,
  title: "Mindfulness-Based Resilience",
  description:
    "An evidence-informed course in using mindfulness to meet stress, difficult emotions and setbacks with more steadiness. Drawing on mindfulness-based stress reduction and self-compassion research, it combines short teachings with guided practices and a personal resilience plan.",
  imageUrl: "/images/courses/course-2.svg",
  level: "Intermediate",
  duration: 10,
  priceCents: 7900,
  modules: [
    {
      title: "Attention and the Stress Response",
      description:
        "How stress narrows attention and pulls us onto autopilot, and how mindful awareness widens the space in which we can choose.",
      lessons: [
        {
          title: "How Stress Shapes Attention",
          description: "The fight-or-flight response, rumination and the negativity bias, explained simply, and what mindfulness changes.",
          duration: 30,
          body: howStressShapesAttention,
          assessments: [
            {
              title: "Stress and Attention Quiz",
              kind: "quiz",
              questions: [
                {
                  prompt: "What does the stress response tend to do to your attention?",
                  choices: [
                    {
                      text: "It widens attention so that you take in the whole situation calmly.",
                      explanation: "The opposite: under pressure attention narrows and much of the wider context falls away.",
                    },
                    {
                      text: "It narrows attention toward whatever seems most threatening.",
                      explanation:
                        "Right. This tunnel vision is useful in a physical emergency but costs us context and options in complex modern stress.",
                    },
                    {
                      text: "It has no effect on attention, only on the body.",
                      explanation: "The lesson stresses that stress changes not only the body but also what you notice.",
                    },
                  ],
                  correct: 1,
                },
                {
                  prompt: "How did Susan Nolen-Hoeksema describe rumination?",
                  choices: [
                    {
                      text: "A focused form of problem-solving that shortens low moods.",
                      explanation:
                        "Rumination feels like problem-solving, but her research linked it to longer and deeper periods of low mood.",
                    },
                    {
                      text: "A deliberate practice of bringing attention back to the present.",
                      explanation: "That describes mindfulness, not rumination.",
                    },
                    {
                      text: "Repeatedly turning over your distress, its causes and consequences, without moving toward action.",
                      explanation: "Correct. The repetition and the lack of movement toward action are what make rumination unhelpful.",
                    },
                    {
                      text: "Forgetting a stressful event as quickly as possible.",
                      explanation: "Rumination is the reverse of forgetting: it keeps returning to the distress.",
                    },
                  ],
                  correct: 2,
                },
                {
                  prompt: "What did Killingsworth and Gilbert's 2010 study find?",
                  choices: [
                    {
                      text: "Minds wandered in nearly half of the samples, and people were generally less happy when their minds wandered.",
                      explanation: "Right. Hence the title of their paper: a wandering mind is an unhappy mind.",
                    },
                    {
                      text: "Minds rarely wandered, except during stressful events.",
                      explanation: "They found mind-wandering was very common in everyday life, not only under stress.",
                    },
                    {
                      text: "People were happiest when their minds wandered away from their tasks.",
                      explanation: "The study found the opposite: people were generally less happy while mind-wandering.",
                    },
                  ],
                  correct: 0,
                },
                {
                  prompt: "What is the negativity bias?",
                  choices: [
                    {
                      text: "A tendency to notice only good news when we are stressed.",
                      explanation: "The bias runs the other way: bad events tend to weigh more heavily than good ones.",
                    },
                    {
                      text: "A personality trait found only in pessimistic people.",
                      explanation:
                        "Baumeister and colleagues described it as a broad tendency across many areas of life, not a trait of a few people.",
                    },
                    {
                      text: "The tendency for bad events to weigh more heavily on us than good events of similar size.",
                      explanation: "Correct. That is why one critical remark can outweigh a morning of appreciation.",
                    },
                  ],
                  correct: 2,
                },
                {
                  prompt: "According to the lesson, what does mindfulness change about stress?",
                  choices: [
                    {
                      text: "It switches off the fight-or-flight response for good.",
                      explanation: "Mindfulness does not switch off the alarm; the body's stress response remains useful.",
                    },
                    {
                      text: "It makes difficult experiences feel pleasant.",
                      explanation: "The lesson is explicit that mindfulness does not promise to make hard things pleasant.",
                    },
                    {
                      text: "It replaces the need to act on problems.",
                      explanation: "Mindfulness helps you choose your next step; it does not replace action.",
                    },
                    {
                      text: "Your relationship to what is happening, opening a small space in which to choose a response.",
                      explanation: "Right. Being aware of the reaction, not only inside it, widens the beam and creates room to choose.",
                    },
                  ],
                  correct: 3,
                },
              ],
            },
          ],
        },
        {
          title: "Grounding Through the Senses",
          description:
            "Quick practices that bring you back to the present through sight, sound, touch and the feeling of your feet on the ground.",
          duration: 20,
          recording: lessonRecordings.groundingSenses,
          body: groundingThroughTheSenses,
          assessments: [
            {
              title: "Three Grounding Moments a Day",
              kind: "exercise",
              prompt:
                "Over at least two days, practise grounding at three set moments each day, as described in the lesson. For each moment, write down the cue you used, which senses you turned to, and your tension rating from 0 to 10 before and after. Finish with a few sentences on which sense or cue worked best for you and what made grounding easier or harder.",
            },
          ],
        },
        {
          title: "Recognising Autopilot",
          description:
            "Notice the routines, moods and reactions that run without your consent, and the early signs that you are getting caught.",
          duration: 25,
          body: recognisingAutopilot,
          assessments: [
            {
              title: "My Autopilot Patterns",
              kind: "reflection",
              prompt:
                "Describe two or three moments this week when you woke up to find yourself on autopilot. For each, trace the reaction chain as far as you can: the trigger, the first sensation, the interpretation, the urge and the action. Then name your most reliable early warning sign, and write what you would like to do the next time you notice it.",
            },
          ],
        },
      ],
    },
    {
      title: "Working With Difficult Emotions",
      description: "Learn to turn toward anger, fear and sadness with curiosity rather than avoidance, using simple, structured practices.",
      lessons: [
        {
          title: "Turning Toward Discomfort",
          description:
            "Why pushing feelings away tends to strengthen them, and how to stay with an emotion safely, at a pace that suits you.",
          duration: 30,
          body: turningTowardDiscomfort,
          assessments: [
            {
              title: "Locating Emotion in the Body",
              kind: "exercise",
              prompt:
                "Do the ten-minute practice from the lesson with a difficulty you would rate around 2 or 3 out of 10. Write where in your body you felt the emotion, what its qualities were (size, edges, temperature, movement) and the label you gave it. Then describe whether and how the sensation changed while you stayed with it, and what you did if it became too much.",
            },
            {
              title: "What I Usually Avoid",
              kind: "reflection",
              prompt:
                "Write about one feeling you tend to avoid, such as anger, sadness, fear or shame, and the strategies you usually use to keep it at bay. What do those strategies give you in the short term, and what do they cost you over time? Finish by describing one small, manageable step you could take toward that feeling, at a pace that feels safe.",
            },
          ],
        },
        {
          title: "RAIN: Recognise, Allow, Investigate, Nurture",
          description: "A four-step practice for meeting strong emotions with presence and care, taught step by step with examples.",
          duration: 35,
          body: rain,
          assessments: [
            {
              title: "Practising RAIN With a Mild Difficulty",
              kind: "exercise",
              prompt:
                "Choose a situation that troubles you at about 3 out of 10 and work through RAIN as described in the lesson. Write a few lines for each step: what you recognised, how allowing felt, what you found when you investigated (in the body and in your beliefs), and how you nurtured yourself. End with what you noticed in the moments of rest afterwards.",
            },
            {
              title: "The Four Steps of RAIN",
              kind: "quiz",
              questions: [
                {
                  prompt: "What happens in the Recognise step?",
                  choices: [
                    {
                      text: "You decide how to solve the problem that caused the feeling.",
                      explanation: "RAIN does not begin with fixing; it begins with noticing what is happening inside you.",
                    },
                    {
                      text: "You pause and name what you are feeling in plain words.",
                      explanation:
                        "Correct. Recognising means registering and naming the feeling, sometimes noticing layers beneath the surface.",
                    },
                    {
                      text: "You offer yourself a kind phrase or a hand on the heart.",
                      explanation: "That belongs to the final step, Nurture.",
                    },
                  ],
                  correct: 1,
                },
                {
                  prompt: "What does Allow mean in RAIN?",
                  choices: [
                    {
                      text: "Approving of the situation that caused the feeling.",
                      explanation:
                        "The lesson stresses that allowing is not approving of the situation or deciding to do nothing about it.",
                    },
                    {
                      text: "Pushing the feeling aside so you can carry on.",
                      explanation: "That is suppression, the opposite of allowing.",
                    },
                    {
                      text: "Letting the feeling be here for now, without trying to fix, suppress or argue it away.",
                      explanation: "Right. Allowing means stopping the fight with your own experience for a few moments.",
                    },
                  ],
                  correct: 2,
                },
                {
                  prompt: "How is the Investigate step best approached?",
                  choices: [
                    {
                      text: "With kind curiosity, exploring mainly how the feeling shows up in the body and what you are believing.",
                      explanation: "Correct. Investigation in RAIN is an interested, caring exploration rather than a cold analysis.",
                    },
                    {
                      text: "As a detailed intellectual analysis of where the feeling comes from.",
                      explanation: "Brach warns against turning Investigate into analysis; if it grows cold, return to the body.",
                    },
                    {
                      text: "By asking someone else to explain your feeling to you.",
                      explanation: "Investigation is your own curious attention to your experience.",
                    },
                    {
                      text: "By rating how irrational the feeling is.",
                      explanation: "Judging the feeling works against the kind curiosity that RAIN asks for.",
                    },
                  ],
                  correct: 0,
                },
                {
                  prompt: "In Tara Brach's version of RAIN, what does the N stand for?",
                  choices: [
                    {
                      text: "Neutralise",
                      explanation: "RAIN does not aim to neutralise or remove the feeling.",
                    },
                    {
                      text: "Notice",
                      explanation: "Noticing is part of Recognise; the final step is about care.",
                    },
                    {
                      text: "Non-identification",
                      explanation: "That was the N in earlier versions; Brach came to emphasise active care instead.",
                    },
                    {
                      text: "Nurture",
                      explanation:
                        "Right. Nurture means offering yourself what the feeling seems to need, such as touch, a kind phrase or an imagined wise friend.",
                    },
                  ],
                  correct: 3,
                },
                {
                  prompt: "Which of these is a common pitfall the lesson warns about?",
                  choices: [
                    {
                      text: "Practising with a difficulty rated around 3 out of 10.",
                      explanation: "That is the recommended starting point, not a pitfall.",
                    },
                    {
                      text: "Resting for a few moments after the four steps.",
                      explanation: "Resting 'after the RAIN' is part of the practice.",
                    },
                    {
                      text: "Rushing to Nurture in order to make the feeling go away.",
                      explanation:
                        "Correct. RAIN changes your relationship with an emotion; using it to get rid of the feeling undermines it.",
                    },
                  ],
                  correct: 2,
                },
              ],
            },
          ],
        },
        {
          title: "The Three-Step Breathing Space",
          description: "A three-minute practice you can use anywhere, at any moment of the day when you feel yourself tightening.",
          duration: 15,
          body: breathingSpace,
          assessments: [],
        },
      ],
    },
    {
      title: "Self-Compassion as a Resource",
      description:
        "Treating yourself with the kindness you would offer a friend is not indulgence: it is one of the most reliable foundations of resilience.",
      lessons: [
        {
          title: "The Inner Critic and the Inner Ally",
          description:
            "Notice the voice that drives you with harshness, and begin to cultivate one that supports you with honesty and warmth.",
          duration: 30,
          body: innerCriticInnerAlly,
          assessments: [
            {
              title: "A Letter From Your Inner Ally",
              kind: "reflection",
              prompt:
                "Think of something you are currently criticising yourself for. Write a letter to yourself from your inner ally: someone who sees the situation honestly, understands why you acted as you did, and is firmly on your side. Include what they notice, what they would want you to remember, and one small, kind step they would suggest you take next.",
            },
          ],
        },
        {
          title: "The Self-Compassion Break",
          description: "Mindfulness, common humanity and kindness, combined in a short practice for difficult moments.",
          duration: 20,
          body: selfCompassionBreak,
          assessments: [
            {
              title: "Self-Compassion Break in Daily Life",
              kind: "exercise",
              prompt:
                "Use the self-compassion break at least three times this week in real moments of difficulty, however small. For each, write briefly what happened, the words you used for mindfulness, common humanity and kindness, and what changed, if anything. Finish by noting which phrases felt genuine to you and any you would like to change.",
            },
          ],
        },
      ],
    },
    {
      title: "Sustaining Your Practice",
      description: "Bring the course together into a realistic plan that will keep supporting you long after the final lesson.",
      lessons: [
        {
          title: "Designing Your Resilience Plan",
          description: "Map your stress signals, choose the practices that work best for you and decide when and how you will use them.",
          duration: 45,
          body: resiliencePlan,
          assessments: [
            {
              title: "My Personal Resilience Plan",
              kind: "exercise",
              prompt:
                "Write your resilience plan using the steps from the lesson. List your green, amber and red signals; your daily anchor practice; at least three if-then plans for amber signals; your red-light actions, including people and professional support; two likely obstacles and how you will respond; and a review date.",
            },
            {
              title: "What Has Changed for Me",
              kind: "reflection",
              prompt:
                "Look back over the course and describe one or two specific moments in which you responded to stress differently from how you once would have. Which practices made the difference, and what surprised you? Be honest, too, about what still feels hard and what you want to keep practising.",
            },
            {
              title: "Final Course Quiz",
              kind: "quiz",
              questions: [
                {
                  prompt: 'What did Ann Masten mean by describing resilience as "ordinary magic"?',
                  choices: [
                    {
                      text: "Resilience is a rare gift that only some people are born with.",
                      explanation: "Masten's point was the opposite: resilience is not a rare or heroic quality.",
                    },
                    {
                      text: "Resilience depends mainly on luck.",
                      explanation: "The lesson presents resilience as something built from ordinary resources, not chance.",
                    },
                    {
                      text: "Resilience comes from ordinary human resources working well, such as relationships, routines and the ability to manage attention and emotion.",
                      explanation: "Correct. That is why resilience can be built and maintained a little at a time.",
                    },
                  ],
                  correct: 2,
                },
                {
                  prompt: "Which of these is an implementation intention in Peter Gollwitzer's sense?",
                  choices: [
                    {
                      text: "If I notice my jaw clenching in a meeting, then I will feel my feet on the floor for three breaths.",
                      explanation:
                        "Right. It specifies the situation and the action in an if-then form, which makes follow-through more likely.",
                    },
                    {
                      text: "I will be more mindful at work.",
                      explanation: "This is a good intention, but it does not say when, where or how you will act.",
                    },
                    {
                      text: "I hope to feel less stressed next month.",
                      explanation: "A hope about an outcome, with no specific situation or action attached.",
                    },
                  ],
                  correct: 0,
                },
                {
                  prompt: "In the traffic-light map of stress signals, what does amber stand for?",
                  choices: [
                    {
                      text: "Being completely overwhelmed and unable to think clearly.",
                      explanation: "That describes red.",
                    },
                    {
                      text: "Coping well, with steady sleep, energy and mood.",
                      explanation: "That describes green.",
                    },
                    {
                      text: "Signals that you no longer need any practice.",
                      explanation: "No colour in the plan means stopping practice; even green keeps a modest daily anchor.",
                    },
                    {
                      text: "Early warning signs that stress is building.",
                      explanation: "Correct. The amber list is the most valuable, because small actions there have the biggest effect.",
                    },
                  ],
                  correct: 3,
                },
                {
                  prompt:
                    "You have about three minutes between meetings and notice stress rising. Which practice from the course was designed for exactly this?",
                  choices: [
                    {
                      text: "Writing a full resilience plan.",
                      explanation: "The plan is valuable, but it is a longer piece of work, not an in-the-moment pause.",
                    },
                    {
                      text: "The three-step breathing space.",
                      explanation:
                        "Right. It takes about three minutes, can be done almost anywhere, and helps you step out of autopilot before choosing what to do next.",
                    },
                    {
                      text: "The autopilot audit.",
                      explanation: "The audit is a week-long observation exercise, not a quick pause.",
                    },
                  ],
                  correct: 1,
                },
                {
                  prompt: "According to the lesson, what is the best way to respond when you find you have stopped practising?",
                  choices: [
                    {
                      text: "Meet the lapse with your inner ally rather than your critic, and simply begin again.",
                      explanation: "Correct. Returning, like bringing attention back to the breath, is the skill that matters.",
                    },
                    {
                      text: "Conclude that the practices do not work for you.",
                      explanation: "The lesson says everyone lapses; a lapse is not evidence that the practices have failed.",
                    },
                    {
                      text: "Criticise yourself firmly so that it does not happen again.",
                      explanation: "Harsh self-criticism tends to trigger the threat system and lead to avoidance rather than learning.",
                    },
                  ],
                  correct: 0,
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

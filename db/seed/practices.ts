import type { SeedPractice } from "./types";

/**
 * Guided practices. Each transcript is exactly what the recording says:
 * paragraphs are separated by blank lines, and directions in square brackets
 * ("[pause]", "[bell]", "[5 minutes of silence]") are rendered as silence or a bell by
 * scripts/make-practice-audio.sh, never spoken. The guided silences make each recording last
 * its `duration` (within 5%, checked by the script and by practice-audio.test.ts). A transcript is Markdown; its
 * page shows it without the directions (app/server/content/practice-script.server.ts).
 */
export const seedPractices: SeedPractice[] = [
  {
    id: 1,
    title: "The View From Above",
    description:
      "A guided contemplation drawn from Marcus Aurelius: rise in imagination above your room, your city and the earth, and see today's troubles in their true proportion.",
    imageUrl: "/images/practices/practice-1.svg",
    category: "Stoic",
    duration: 15,
    focus: "Perspective and equanimity",
    audioUrl: "/audio/practice-1.ogg",
    transcript: `Welcome. Find a position that is comfortable and steady, sitting or lying down, and let your eyes close or rest softly on the floor in front of you.

Take three slow breaths. With each out-breath, let your shoulders drop a little further. [pause]

This is an exercise the Stoics called the view from above. Marcus Aurelius practised it in the middle of war and plague, to remember what really mattered. We will practise it gently now.

Begin by noticing yourself exactly where you are: the weight of your body, the sounds in the room, whatever is on your mind today. You do not need to change any of it. [2 minutes of silence]

Now imagine that you are rising slowly, up through the ceiling, until you can see your building from above. See the street around it, and the people walking, each carrying their own worries and hopes. [3 minutes of silence]

Keep rising. The town becomes a pattern of roofs and roads. Then a coastline, rivers, fields, and clouds drifting across whole countries. Somewhere down there is the problem you brought with you today. Notice how small it has become, without pretending that it does not matter.

Rise further, until you can see the whole earth turning in the dark, bright and blue and fragile. Billions of lives are unfolding at once. Yours is one of them, brief and precious. [4 minutes of silence]

From here, ask yourself quietly: what, in my situation, is truly in my power? My judgements, my intentions, the way I choose to act. Let everything else be held a little more lightly. [3 minutes of silence]

Now begin to return, slowly, through the clouds, over the land, to your town, your building, your room, and your body. Bring the wider view back with you.

Take one full breath, feel your feet on the ground, and when you are ready, open your eyes.`,
    featured: true,
  },
  {
    id: 2,
    title: "Returning to the Breath",
    description:
      "A simple, foundational meditation for settling the mind: rest your attention on the breath, and return to it kindly each time it wanders.",
    imageUrl: "/images/practices/practice-2.svg",
    category: "Meditation",
    duration: 10,
    focus: "Present-moment awareness",
    audioUrl: "/audio/practice-2.ogg",
    transcript: `Welcome to this short breathing practice. Sit in a way that feels upright but relaxed, with your hands resting in your lap and your feet on the ground.

Let your eyes close, or lower your gaze. Notice the places where your body meets the chair and the floor. Let yourself be supported.

Now bring your attention to the breath. You do not need to breathe in any special way. Simply notice the air coming in, and the air going out.

You might feel the breath most clearly at the nostrils, in the rise and fall of the chest, or in the gentle movement of the belly. Choose one place, and let your attention rest there. [2 minutes of silence]

Before long, the mind will wander. It will plan, remember, worry or daydream. This is not a mistake. It is simply what minds do.

Each time you notice that you have drifted, pause for a moment and acknowledge where you went. Thinking. Planning. Remembering. Then, without any criticism, guide your attention back to the next breath. [2 minutes of silence]

This moment of returning is the heart of the practice. Every return is like a single repetition for a muscle, strengthening your ability to be here. [2 minutes of silence]

Let the breath breathe itself. In, and out. Nothing to achieve, and nowhere else to be. [90 seconds of silence]

As we come to a close, widen your attention to include the whole body, the sounds around you, and the space of the room.

When you are ready, open your eyes, and carry a little of this steadiness into whatever comes next.`,
    featured: true,
  },
  {
    id: 3,
    title: "Morning Premeditation",
    description:
      "A brief Stoic rehearsal for the start of the day: anticipate its difficulties, choose your response in advance, and step out with a settled mind.",
    imageUrl: "/images/practices/practice-3.svg",
    category: "Stoic",
    duration: 5,
    focus: "Preparing for the day with steadiness",
    audioUrl: "/audio/practice-3.ogg",
    transcript: `Good morning. Before the day gathers speed, take a few minutes to meet it on your own terms. Sit comfortably, take a slow breath in, and a long breath out.

Marcus Aurelius began his mornings by reminding himself that he would meet people who were difficult, ungrateful or unkind, and that none of them could harm his character unless he allowed it. This is not pessimism. It is preparation.

Picture the day ahead. The tasks you have planned. The conversations you expect. The places you will go. [1 minute of silence]

Now let one likely difficulty come to mind. Perhaps a delay, a tense meeting, some disappointing news, or simply your own tiredness. See it clearly, as if it has already happened.

Ask yourself: what part of this is up to me? Not the traffic, not the other person's mood, not the outcome. But my attention, my effort, my tone of voice, and the meaning I give to what happens.

Now choose, in advance, how you would like to respond. Patient. Honest. Kind. Fair. Picture yourself responding in that way. [1 minute of silence]

Remind yourself that today is not guaranteed, and that this is a reason for gratitude rather than fear. You have been given another day to practise being the person you want to be.

Take one more deep breath, and set a simple intention for the hours ahead, in just a few words. [30 seconds of silence]

Now open your eyes, and begin.`,
    featured: false,
  },
  {
    id: 4,
    title: "Flowing Like Water",
    description:
      "A contemplation on the Tao Te Ching's image of water, soft and yielding yet able to wear away stone, to help you loosen over-effort and move with what is.",
    imageUrl: "/images/practices/practice-4.svg",
    category: "Taoism",
    duration: 20,
    focus: "Effortless action and letting go",
    audioUrl: "/audio/practice-4.ogg",
    transcript: `Welcome. Settle into a comfortable posture, and let your breathing find its own pace.

The Tao Te Ching says that nothing in the world is softer or weaker than water, and yet nothing is better at overcoming what is hard and strong. In this practice, we will let water be our teacher.

Begin by noticing any places in the body that are holding on. The jaw, the shoulders, the hands, the belly. There is no need to force them to relax. Simply notice, and allow. [3 minutes of silence]

Now imagine a clear stream running down a hillside. Watch how the water meets a stone. It does not argue with the stone, and it does not stop. It flows around it, under it, over it, and keeps moving.

Bring to mind something in your life where you have been pushing hard, trying to make things happen by effort alone. Notice how that pushing feels in your body. [3 minutes of silence]

Ask yourself gently: what would it be like to meet this situation as water meets a stone? Not giving up, and not fighting. Simply finding the path that is already open.

The old teachers called this wu wei: action that arises naturally, without strain. It is not doing nothing. It is doing what is needed, and no more.

Now imagine the stream reaching a still pool. The mud settles, and the water becomes clear. Let your own mind settle in the same way. There is nothing to solve right now. [5 minutes of silence]

Rest here in the stillness, letting thoughts drift past like leaves on the surface of the water. [6 minutes of silence]

As we finish, take one slow breath, and carry this softness into the next thing you do.`,
    featured: false,
  },
  {
    id: 5,
    title: "The Freedom to Choose",
    description:
      "An existential reflection inspired by Sartre, Kierkegaard and Viktor Frankl: notice where you feel stuck, find the choices that remain, and reconnect with the values you want to live by.",
    imageUrl: "/images/practices/practice-5.svg",
    category: "Existentialism",
    duration: 25,
    focus: "Meaning, freedom and responsibility",
    audioUrl: "/audio/practice-5.ogg",
    transcript: `Welcome. Sit comfortably, let your body be still, and allow your breath to slow down.

Existential philosophers remind us that we are not simply things to which life happens. Jean-Paul Sartre wrote that we are condemned to be free. Viktor Frankl, who survived the concentration camps, wrote that one freedom can never be taken from us: the freedom to choose our attitude in any given set of circumstances.

This can feel heavy. It can also feel like an invitation. Let us explore it gently.

Bring to mind a situation in your life that feels stuck, or that you wish were different. Let it come into view without judging it. [4 minutes of silence]

Notice the story you tell about it. Perhaps it sounds like: I have no choice. This is just how things are. Hold that story lightly, as one possible way of seeing.

Now ask yourself: even here, what choices remain open to me? They may be small. How I speak. What I give my time to. Whether I ask for help. How I treat myself tonight. [5 minutes of silence]

Now ask a deeper question: what do I want my life to stand for? Not what others expect, and not what I think I should want, but what feels truly worth caring about. Let a few words arise. Perhaps honesty, love, courage, creativity, or service. [5 minutes of silence]

Imagine taking one small step toward that value this week. See it clearly. Notice any fear or hesitation, and let it be there too. Kierkegaard called anxiety the dizziness of freedom. Often it simply means that something matters to you. [5 minutes of silence]

Take a slow breath. You cannot choose every circumstance, but you can choose how you meet it. [3 minutes of silence]

When you are ready, open your eyes, and take that first small step.`,
    featured: false,
  },
  {
    id: 6,
    title: "Loving-Kindness for Self and Others",
    description:
      "A traditional metta meditation that offers simple wishes of well-being in widening circles: to yourself, a loved one, a stranger, someone difficult, and all beings.",
    imageUrl: "/images/practices/practice-6.svg",
    category: "Compassion",
    duration: 30,
    focus: "Warmth toward self and others",
    audioUrl: "/audio/practice-6.ogg",
    transcript: `Welcome. Find a comfortable position, and let your breathing become easy and natural. You might place a hand over your heart, as a reminder of warmth.

This is a loving-kindness practice, known in the Buddhist tradition as metta. We will offer simple, kind wishes, first to ourselves and then to others. If the words feel mechanical at first, that is fine. The intention is what matters.

Begin with yourself. Picture yourself as you are today, doing your best. Silently repeat: May I be safe. May I be healthy. May I be at peace. May I live with ease. Continue silently, in your own time. [5 minutes of silence]

Now bring to mind someone who cares about you, or who makes you smile easily. Picture their face. Offer them the same wishes. May you be safe. May you be healthy. May you be at peace. May you live with ease. [5 minutes of silence]

Next, think of someone neutral, perhaps a neighbour, or a person who serves you in a shop. You hardly know them, yet they too want to be happy and free from suffering. May you be safe. May you be healthy. May you be at peace. May you live with ease. [5 minutes of silence]

Now, if it feels manageable, bring to mind someone you find difficult. Not the hardest person in your life, just someone mildly challenging. Remember that they too are struggling, in ways you may not see. May you be safe. May you be at peace. [5 minutes of silence]

Finally, let your kindness spread outward without limits: to everyone in this town, this country, and across the whole world. May all beings be safe. May all beings be at peace. [5 minutes of silence]

Return to yourself once more, and rest in whatever warmth is present. [2 minutes of silence]

Gently open your eyes when you are ready.`,
    featured: false,
  },
  {
    id: 7,
    title: "Walking with the Living World",
    description:
      "A slow, sensory walk for a park, garden or woodland path that invites you to notice the living world around you and to feel yourself a part of it.",
    imageUrl: "/images/practices/practice-7.svg",
    category: "Ecotherapy",
    duration: 40,
    focus: "Connection with the natural world",
    audioUrl: "/audio/practice-7.ogg",
    transcript: `Welcome to this walking practice. You can do it in a park, a garden, on a woodland path, or even on a quiet street with a few trees. Please keep your eyes open, and stay aware of your surroundings as you go.

Begin by standing still. Feel your feet on the ground, and the ground holding you up. Take a slow breath, and notice the air on your skin. Is it warm or cool, still or moving?

Now begin to walk, more slowly than usual. There is nowhere you need to get to. Let each step be an arrival. [5 minutes of silence]

Turn your attention to sound. Notice the nearest sound, and then the most distant. Birds, wind in the leaves, traffic, voices, your own footsteps. Let the sounds come and go without naming them. [5 minutes of silence]

Now turn to colour and shape. Let your eyes be drawn to something living: a leaf, a patch of moss, a weed pushing up through the pavement. Pause beside it for a moment. Notice its texture, its shades of green, and the way the light falls on it. [5 minutes of silence]

Remember that this plant, like you, is made of water, sunlight and earth. You breathe out what it breathes in. You are not visiting nature. You belong to it. [5 minutes of silence]

If you wish, gently touch something: the bark of a tree, a stone, the grass. Feel its temperature and its texture. [5 minutes of silence]

Continue walking at your own pace. Whenever your mind drifts into plans or worries, let the next sound, or the next step, bring you back. [10 minutes of silence]

For the last few minutes, keep walking in silence. A soft bell will call you back. [2 minutes of silence]

As this walk ends, stand still for a moment, and silently thank this place for holding you.`,
    featured: false,
  },
  {
    id: 8,
    title: "Body Scan for Deep Rest",
    description:
      "A slow, lying-down body scan that moves attention from the feet to the crown of the head, inviting rest, release and kindly awareness of physical sensation.",
    imageUrl: "/images/practices/practice-8.svg",
    category: "Meditation",
    duration: 45,
    focus: "Releasing tension and resting deeply",
    audioUrl: "/audio/practice-8.ogg",
    transcript: `Welcome to this body scan. Lie down on your back if you can, on a bed, a mat or the floor, with a pillow under your head and your arms resting by your sides. If lying down is not comfortable, sitting works just as well.

Let your eyes close. Take a deep breath in, and a long, slow breath out. Allow your body to sink into the surface beneath you.

In this practice we move our attention slowly through the body. We are not trying to change anything. We are simply noticing what is here: warmth, coolness, pressure, tingling, or perhaps nothing at all.

Bring your attention to your feet. The toes, the soles, the heels. Notice whatever sensations are present. [5 minutes of silence]

Let your attention move up to the ankles, the calves and the knees, and then to the thighs. If you find tension, imagine breathing into it, and let it soften a little on the out-breath. [5 minutes of silence]

Now notice the hips and the lower back, and the belly rising and falling with each breath. [4 minutes of silence]

Move up to the chest and the upper back. Feel the heart beating quietly, doing its work without any effort from you. [4 minutes of silence]

Bring your awareness to the shoulders, often a place where we carry the weight of the day. Let them be heavy. Then move down the arms, to the hands and the fingertips. [4 minutes of silence]

Now the neck and throat, the jaw, the mouth and the tongue. Let the jaw loosen. Soften the cheeks, the eyes and the forehead. Notice the crown of the head. [5 minutes of silence]

Finally, feel the whole body at once: breathing, resting, complete. If your mind wandered during this practice, that is perfectly natural. Rest here now, in stillness. A soft bell will mark the end of the rest. [15 minutes of silence]

You can stay here for as long as you like. When you are ready, gently move your fingers and toes, and return to your day.`,
    featured: false,
  },
];

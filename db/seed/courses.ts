import type { SeedCourse } from "./types";

/** Courses with their modules, lessons and assessments. Course duration is in hours, lesson duration in minutes. */
export const seedCourses: SeedCourse[] = [
  {
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
            assessments: [{ title: "Stoic Origins Quiz", kind: "quiz" }],
          },
          {
            title: "The Dichotomy of Control",
            description:
              "Epictetus' opening lesson: some things are up to us and some are not. Learn to tell them apart and to spend your energy where it counts.",
            duration: 25,
            assessments: [
              { title: "Sorting Your Concerns", kind: "exercise" },
              { title: "What Is Up to Me This Week?", kind: "reflection" },
            ],
          },
          {
            title: "Virtue as the Only Good",
            description:
              "Wisdom, justice, courage and moderation: why the Stoics held character to be the one thing worth pursuing for its own sake.",
            duration: 20,
            assessments: [{ title: "The Four Virtues Quiz", kind: "quiz" }],
          },
        ],
      },
      {
        title: "Practising Stoicism Day to Day",
        description:
          "Turn principles into habits with the classic Stoic exercises for the beginning, the middle and the end of the day.",
        lessons: [
          {
            title: "The Morning Premeditation",
            description:
              "Rehearse the day ahead, anticipate its difficulties and choose your responses before you need them.",
            duration: 15,
            assessments: [{ title: "Write Your Morning Premeditation", kind: "exercise" }],
          },
          {
            title: "Handling Difficult People",
            description:
              "Marcus Aurelius on irritation, anger and the people who test us, and how to respond with firmness rather than resentment.",
            duration: 25,
            assessments: [{ title: "A Recent Conflict, Seen Again", kind: "reflection" }],
          },
          {
            title: "The Evening Review",
            description:
              "Seneca's nightly self-examination: what did I do well, where did I fall short, and what will I do differently tomorrow?",
            duration: 15,
            assessments: [
              { title: "Seven Nights of Review", kind: "exercise" },
              { title: "What the Review Revealed", kind: "reflection" },
            ],
          },
        ],
      },
      {
        title: "Living Well With Adversity",
        description:
          "The Stoic attitude to loss, setbacks and mortality, and how to bring the course together into a practice of your own.",
        lessons: [
          {
            title: "Amor Fati: Loving What Happens",
            description:
              "Accepting events not with grim resignation but as material for living well, and where acceptance ends and action begins.",
            duration: 30,
            assessments: [{ title: "An Obstacle Become the Way", kind: "reflection" }],
          },
          {
            title: "Memento Mori Without Morbidity",
            description:
              "Remembering that life is short as a source of gratitude and focus rather than fear.",
            duration: 20,
            assessments: [
              { title: "Letter to Your Future Self", kind: "reflection" },
              { title: "Stoic Attitudes to Death Quiz", kind: "quiz" },
            ],
          },
          {
            title: "Building Your Personal Stoic Practice",
            description:
              "Choose the exercises that suit you, set a realistic routine and plan for the days when you forget it.",
            duration: 30,
            assessments: [
              { title: "Your Stoic Practice Plan", kind: "exercise" },
              { title: "Looking Back on the Course", kind: "reflection" },
              { title: "Final Course Quiz", kind: "quiz" },
            ],
          },
        ],
      },
    ],
  },
  {
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
            description:
              "The fight-or-flight response, rumination and the negativity bias, explained simply, and what mindfulness changes.",
            duration: 30,
            assessments: [{ title: "Stress and Attention Quiz", kind: "quiz" }],
          },
          {
            title: "Grounding Through the Senses",
            description:
              "Quick practices that bring you back to the present through sight, sound, touch and the feeling of your feet on the ground.",
            duration: 20,
            assessments: [{ title: "Three Grounding Moments a Day", kind: "exercise" }],
          },
          {
            title: "Recognising Autopilot",
            description:
              "Notice the routines, moods and reactions that run without your consent, and the early signs that you are getting caught.",
            duration: 25,
            assessments: [{ title: "My Autopilot Patterns", kind: "reflection" }],
          },
        ],
      },
      {
        title: "Working With Difficult Emotions",
        description:
          "Learn to turn toward anger, fear and sadness with curiosity rather than avoidance, using simple, structured practices.",
        lessons: [
          {
            title: "Turning Toward Discomfort",
            description:
              "Why pushing feelings away tends to strengthen them, and how to stay with an emotion safely, at a pace that suits you.",
            duration: 30,
            assessments: [
              { title: "Locating Emotion in the Body", kind: "exercise" },
              { title: "What I Usually Avoid", kind: "reflection" },
            ],
          },
          {
            title: "RAIN: Recognise, Allow, Investigate, Nurture",
            description:
              "A four-step practice for meeting strong emotions with presence and care, taught step by step with examples.",
            duration: 35,
            assessments: [
              { title: "Practising RAIN With a Mild Difficulty", kind: "exercise" },
              { title: "The Four Steps of RAIN", kind: "quiz" },
            ],
          },
          {
            title: "The Three-Step Breathing Space",
            description:
              "A three-minute practice you can use anywhere, at any moment of the day when you feel yourself tightening.",
            duration: 15,
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
            assessments: [{ title: "A Letter From Your Inner Ally", kind: "reflection" }],
          },
          {
            title: "The Self-Compassion Break",
            description:
              "Mindfulness, common humanity and kindness, combined in a short practice for difficult moments.",
            duration: 20,
            assessments: [{ title: "Self-Compassion Break in Daily Life", kind: "exercise" }],
          },
        ],
      },
      {
        title: "Sustaining Your Practice",
        description:
          "Bring the course together into a realistic plan that will keep supporting you long after the final lesson.",
        lessons: [
          {
            title: "Designing Your Resilience Plan",
            description:
              "Map your stress signals, choose the practices that work best for you and decide when and how you will use them.",
            duration: 45,
            assessments: [
              { title: "My Personal Resilience Plan", kind: "exercise" },
              { title: "What Has Changed for Me", kind: "reflection" },
              { title: "Final Course Quiz", kind: "quiz" },
            ],
          },
        ],
      },
    ],
  },
  {
    id: 3,
    title: "Existential Counselling: Meaning, Freedom and Choice",
    description:
      "An advanced course for counsellors, coaches and committed students on bringing existential philosophy into helping conversations. Working from Kierkegaard, Heidegger, Frankl and Yalom, you will explore the givens of human existence, practise the phenomenological method and reflect on the ethics of working with meaning and choice. It is a professional development course and not a substitute for accredited counselling training.",
    imageUrl: "/images/courses/course-3.svg",
    level: "Advanced",
    duration: 14,
    priceCents: 12900,
    modules: [
      {
        title: "Foundations of Existential Thought",
        description:
          "The philosophical roots of existential therapy, read closely and with an eye to what they mean in practice.",
        lessons: [
          {
            title: "From Kierkegaard to Sartre",
            description:
              "Anxiety, despair, bad faith and radical freedom: the core ideas of existential philosophy and how they developed.",
            duration: 40,
            assessments: [{ title: "Key Concepts Quiz", kind: "quiz" }],
          },
          {
            title: "Heidegger, Being-in-the-World and Authenticity",
            description:
              "Why existential practitioners see a person always in relation to a world, and what an authentic life might mean.",
            duration: 40,
            assessments: [
              { title: "Heidegger's Vocabulary Quiz", kind: "quiz" },
              { title: "Moments of Authenticity in My Life", kind: "reflection" },
            ],
          },
          {
            title: "Frankl and the Will to Meaning",
            description:
              "Logotherapy's account of meaning through creation, experience and the attitude we take to unavoidable suffering.",
            duration: 35,
            assessments: [{ title: "Sources of Meaning", kind: "reflection" }],
          },
        ],
      },
      {
        title: "The Givens of Existence",
        description:
          "Irvin Yalom's four ultimate concerns (death, freedom, isolation and meaninglessness) and how they appear, often indirectly, in clients' lives.",
        lessons: [
          {
            title: "Death Awareness in the Therapy Room",
            description:
              "How awareness of mortality can be met as a catalyst for change rather than only as a source of dread.",
            duration: 40,
            assessments: [
              { title: "My Own Relationship With Mortality", kind: "reflection" },
              { title: "Responding to a Client's Fear of Death", kind: "exercise" },
            ],
          },
          {
            title: "Freedom and Responsibility",
            description:
              "Helping clients recognise where they are choosing, including the choice to avoid choosing.",
            duration: 35,
            assessments: [{ title: "Freedom and Responsibility Quiz", kind: "quiz" }],
          },
          {
            title: "Existential Isolation and Relationship",
            description:
              "The gap between any two people that can never be fully closed, and the genuine meeting that is still possible across it.",
            duration: 35,
            assessments: [{ title: "Loneliness and Connection", kind: "reflection" }],
          },
          {
            title: "Meaninglessness and the Search for Purpose",
            description:
              "Working with emptiness and lack of direction without rushing to supply answers on the client's behalf.",
            duration: 35,
            assessments: [{ title: "Exploring a Client's Values", kind: "exercise" }],
          },
        ],
      },
      {
        title: "The Phenomenological Method in Practice",
        description:
          "The core skills of existential work: setting aside assumptions, describing experience carefully and staying with what is happening now.",
        lessons: [
          {
            title: "Bracketing Assumptions",
            description:
              "Recognising your own theories, judgements and expectations so that you can set them aside and hear the client afresh.",
            duration: 30,
            assessments: [{ title: "Noticing My Assumptions", kind: "exercise" }],
          },
          {
            title: "Describing, Not Explaining",
            description:
              "Staying close to lived experience with descriptive questions instead of interpretation and diagnosis.",
            duration: 30,
            assessments: [
              { title: "Descriptive Questioning Practice", kind: "exercise" },
              { title: "Phenomenological Method Quiz", kind: "quiz" },
            ],
          },
          {
            title: "Working in the Here and Now",
            description:
              "Using the relationship between counsellor and client as it unfolds in the session as a source of insight.",
            duration: 40,
            assessments: [{ title: "A Session Remembered", kind: "reflection" }],
          },
        ],
      },
      {
        title: "Ethics and Reflective Practice",
        description:
          "Working responsibly with questions of meaning, and integrating existential ideas into your own way of practising.",
        lessons: [
          {
            title: "Boundaries, Humility and Referral",
            description:
              "Knowing the limits of philosophical conversation, recognising risk, and when and how to refer a client to other support.",
            duration: 35,
            assessments: [
              { title: "Ethics and Referral Quiz", kind: "quiz" },
              { title: "Where Are My Limits?", kind: "reflection" },
            ],
          },
          {
            title: "Case Study: Choice at a Crossroads",
            description:
              "Follow an extended case from first session to ending and apply the ideas of the whole course to a client facing a major decision.",
            duration: 45,
            assessments: [
              { title: "Case Formulation", kind: "exercise" },
              { title: "Reflective Commentary", kind: "reflection" },
              { title: "Final Course Quiz", kind: "quiz" },
            ],
          },
        ],
      },
    ],
  },
];

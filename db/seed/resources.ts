import type { SeedResource, SeedResourceCategory } from "./types";

export const seedResourceCategories: SeedResourceCategory[] = [
  { id: 1, name: "Classical Texts" },
  { id: 2, name: "Modern Applications" },
  { id: 3, name: "Academic Research" },
  { id: 4, name: "Practical Tools" },
];

export const seedResources: SeedResource[] = [
  // Classical Texts
  {
    id: 1,
    title: "Apology",
    author: "Plato (trans. Benjamin Jowett)",
    description:
      "Plato's account of the speech Socrates gave at his trial in 399 BCE, in which he defends a life of questioning and declares that the unexamined life is not worth living. It is short, dramatic and one of the best first readings in Western philosophy. This is Jowett's nineteenth-century translation, freely available online.",
    url: "https://classics.mit.edu/Plato/apology.html",
    categoryId: 1,
  },
  {
    id: 2,
    title: "The Enchiridion",
    author: "Epictetus (trans. Elizabeth Carter)",
    description:
      "The Stoic 'handbook' compiled by Arrian from the teaching of Epictetus, opening with the famous distinction between what is and is not in our control. Its fifty-odd short sections can be read in an afternoon and returned to for a lifetime. Elizabeth Carter's 1758 translation is dignified and remains very readable.",
    url: "https://classics.mit.edu/Epictetus/epicench.html",
    categoryId: 1,
  },
  {
    id: 3,
    title: "Meditations",
    author: "Marcus Aurelius (trans. George Long)",
    description:
      "Twelve books of private notes in which the Roman emperor reminds himself how to meet difficult people, loss and his own mortality with reason and equanimity. George Long's Victorian translation is a little formal but faithful. Many readers keep it by the bed and read a single entry each night.",
    url: "https://classics.mit.edu/Antoninus/meditations.html",
    categoryId: 1,
  },
  {
    id: 4,
    title: "The Dhammapada",
    author: "Traditionally attributed to the Buddha (trans. F. Max Müller)",
    description:
      "A collection of 423 verses from the Pali canon on the mind, conduct, anger, craving and the path to freedom. Its short, memorable sayings make it the most widely read Buddhist text in the West. Müller's 1881 translation is in the public domain and free on Project Gutenberg.",
    url: "https://www.gutenberg.org/ebooks/2017",
    categoryId: 1,
  },
  {
    id: 5,
    title: "Tao Te Ching",
    author: "Laozi (trans. James Legge)",
    description:
      "The foundational text of Taoism: eighty-one brief chapters on the Way, on water, yielding, simplicity and wu wei, or effortless action. James Legge's 1891 translation adds words in parentheses to clarify the terse original, which some readers find helpful and others distracting. It pairs well with a modern translation.",
    url: "https://www.gutenberg.org/ebooks/216",
    categoryId: 1,
  },

  // Modern Applications
  {
    id: 6,
    title: "Palouse Mindfulness: Free Online MBSR Course",
    author: "Dave Potter",
    description:
      "A complete eight-week course modelled on Jon Kabat-Zinn's Mindfulness-Based Stress Reduction programme, offered free by a certified MBSR instructor. Each week has videos, readings and guided audio practices, including the body scan, sitting meditation and mindful yoga. It is self-paced and a good option if no in-person course is available locally.",
    url: "https://palousemindfulness.com/",
    categoryId: 2,
  },
  {
    id: 7,
    title: "Modern Stoicism and Stoic Week",
    author: "Modern Stoicism (Christopher Gill, Donald Robertson, John Sellars and colleagues)",
    description:
      "A collaboration between academic philosophers and psychotherapists that applies Stoic ideas to everyday life. Each year it runs Stoic Week, a free online course with a handbook of morning and evening exercises, and its blog publishes essays on Stoicism and well-being. A thoughtful bridge between the ancient texts and contemporary practice.",
    url: "https://modernstoicism.com/",
    categoryId: 2,
  },
  {
    id: 8,
    title: "Self-Compassion.org",
    author: "Kristin Neff",
    description:
      "The website of the psychologist whose research helped define self-compassion. It offers free guided meditations, written exercises such as the self-compassion break, an online version of the Self-Compassion Scale and summaries of the research. A practical starting point for anyone working with a harsh inner critic.",
    url: "https://self-compassion.org/",
    categoryId: 2,
  },
  {
    id: 9,
    title: "Greater Good Magazine",
    author: "Greater Good Science Center, University of California, Berkeley",
    description:
      "An online magazine that translates research on gratitude, compassion, mindfulness, awe and connection into clear articles for a general audience. Pieces usually explain both what a study found and its limits. Its companion site, Greater Good in Action, collects short, research-based practices.",
    url: "https://greatergood.berkeley.edu/",
    categoryId: 2,
  },
  {
    id: 10,
    title: "Mindfulness: Information and Support",
    author: "Mind, the mental health charity (UK)",
    description:
      "A plain-language guide to what mindfulness is, how it may help with stress, anxiety and low mood, and how to try it safely. It also explains the structured courses (MBSR and MBCT) offered in health settings. A sensible, balanced overview for anyone considering mindfulness alongside other support.",
    url: "https://www.mind.org.uk/information-support/drugs-and-treatments/mindfulness/",
    categoryId: 2,
  },

  // Academic Research
  {
    id: 11,
    title: "An Outpatient Program in Behavioral Medicine for Chronic Pain Patients Based on the Practice of Mindfulness Meditation",
    author: "Jon Kabat-Zinn (General Hospital Psychiatry, 1982)",
    description:
      "The first published report on the programme that became Mindfulness-Based Stress Reduction. In a small, uncontrolled study of patients with chronic pain, participants reported substantial reductions in pain and related distress after a ten-week course. Historically important, though later controlled trials were needed to test these early findings.",
    url: "https://doi.org/10.1016/0163-8343(82)90026-3",
    categoryId: 3,
  },
  {
    id: 12,
    title: "Self-Compassion: An Alternative Conceptualization of a Healthy Attitude Toward Oneself",
    author: "Kristin D. Neff (Self and Identity, 2003)",
    description:
      "The theoretical paper that introduced self-compassion to academic psychology, defining it through three components: self-kindness, common humanity and mindfulness. Neff contrasts it with self-esteem, arguing that it offers emotional stability without depending on feeling better than others. A companion paper the same year introduced the Self-Compassion Scale.",
    url: "https://doi.org/10.1080/15298860309032",
    categoryId: 3,
  },
  {
    id: 13,
    title: "Prevention of Relapse/Recurrence in Major Depression by Mindfulness-Based Cognitive Therapy",
    author: "John D. Teasdale, Zindel V. Segal, J. Mark G. Williams and colleagues (Journal of Consulting and Clinical Psychology, 2000)",
    description:
      "A randomised trial of MBCT for people who had recovered from recurrent depression. For participants with three or more previous episodes, MBCT roughly halved the rate of relapse over the sixty-week study period compared with usual care; no such benefit appeared for those with two episodes. This study underpins MBCT's place in clinical guidelines.",
    url: "https://doi.org/10.1037/0022-006X.68.4.615",
    categoryId: 3,
  },
  {
    id: 14,
    title: "A Wandering Mind Is an Unhappy Mind",
    author: "Matthew A. Killingsworth and Daniel T. Gilbert (Science, 2010)",
    description:
      "Using a smartphone app to sample thousands of adults' experience at random moments, the authors found that minds wandered in almost half of all samples, and that people were generally less happy when their minds wandered. A brief, widely cited report that gives empirical weight to an ancient contemplative observation.",
    url: "https://doi.org/10.1126/science.1192439",
    categoryId: 3,
  },
  {
    id: 15,
    title: "Meditation Programs for Psychological Stress and Well-being: A Systematic Review and Meta-analysis",
    author: "Madhav Goyal and colleagues (JAMA Internal Medicine, 2014)",
    description:
      "A review of 47 randomised trials that found moderate evidence that mindfulness meditation programmes improve anxiety, depression and pain, with weaker or insufficient evidence for other outcomes. It also found no evidence that meditation outperformed active treatments such as exercise or medication. A sober, useful corrective to both hype and dismissal.",
    url: "https://doi.org/10.1001/jamainternmed.2013.13018",
    categoryId: 3,
  },

  // Practical Tools
  {
    id: 16,
    title: "Values Clarification Worksheets (ACT)",
    author: "Russ Harris",
    description:
      "Free worksheets from a leading teacher of Acceptance and Commitment Therapy, including exercises for identifying what matters to you. A typical values exercise asks you to rate how important areas such as relationships, work, health, growth and leisure are, name a few words for how you want to act in each, and then choose one small step for the coming week. Use it when you feel busy but directionless.",
    url: "https://www.actmindfully.com.au/free-stuff/",
    categoryId: 4,
  },
  {
    id: 17,
    title: "Thought Record Worksheet (CBT)",
    author: "Psychology Tools, after Aaron T. Beck's cognitive therapy",
    description:
      "A structured form for catching and testing unhelpful thoughts. You note the situation, your emotions rated from 0 to 100, the automatic thought, the evidence for and against it, and a more balanced alternative, then re-rate the emotion. Used regularly, it builds the habit of treating thoughts as hypotheses rather than facts.",
    url: "https://www.psychologytools.com/resource/thought-record/",
    categoryId: 4,
  },
  {
    id: 18,
    title: "The 5-4-3-2-1 Grounding Technique",
    author: "University of Rochester Medical Center",
    description:
      "A quick way to anchor yourself when anxiety or panic rises: name five things you can see, four you can touch, three you can hear, two you can smell and one you can taste. Moving attention through the senses interrupts spiralling thoughts and brings you back to the present. It takes about a minute and can be done anywhere, unnoticed.",
    url: "https://www.urmc.rochester.edu/behavioral-health-partners/bhp-blog/april-2018/5-4-3-2-1-coping-technique-for-anxiety.aspx",
    categoryId: 4,
  },
  {
    id: 19,
    title: "Daily Stoic Journal: Morning Intention and Evening Review",
    author: "Adapted from Seneca, On Anger, Book III (trans. Aubrey Stewart)",
    description:
      "A two-part daily template. In the morning, write one line on what today is likely to bring and which part of it is up to you. In the evening, follow Seneca's practice of reviewing the day before sleep: what you did well, where you fell short and what you will try tomorrow, written without self-punishment. The link leads to the passage where Seneca describes his own nightly review.",
    url: "https://en.wikisource.org/wiki/Of_Anger/Book_III",
    categoryId: 4,
  },
  {
    id: 20,
    title: "Body Scan Meditation",
    author: "Greater Good Science Center, University of California, Berkeley",
    description:
      "Step-by-step instructions for the body scan, a core practice of MBSR. Lying or sitting comfortably, you move your attention slowly from the toes to the top of the head, noticing sensations such as warmth, pressure or tingling without trying to change them. Sessions range from a few minutes to around half an hour; it is also a gentle way to unwind before sleep.",
    url: "https://ggia.berkeley.edu/practice/body_scan_meditation",
    categoryId: 4,
  },
];

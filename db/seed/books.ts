import type { SeedBook } from "./types";

export const seedBooks: SeedBook[] = [
  {
    id: 1,
    title: "Meditations",
    author: "Marcus Aurelius (trans. Gregory Hays)",
    description:
      "The private notebook of a Roman emperor, written to remind himself how to live with patience, duty and clear judgement. Gregory Hays's modern translation is direct and unfussy, which makes it an ideal first encounter with Stoicism. Read a few entries at a time; they were never meant to be rushed.",
    coverUrl: "/images/books/book-1.svg",
    amazonUrl: "https://www.amazon.com/s?k=Meditations+Marcus+Aurelius+Gregory+Hays",
    category: "Stoicism",
  },
  {
    id: 2,
    title: "Letters from a Stoic",
    author: "Seneca (trans. Robin Campbell)",
    description:
      "A selection of Seneca's letters to his friend Lucilius on friendship, grief, wealth, time and the fear of death. Warm, witty and practical, they read less like a treatise than like advice from a wise and candid friend.",
    coverUrl: "/images/books/book-2.svg",
    amazonUrl: "https://www.amazon.com/s?k=Letters+from+a+Stoic+Seneca+Robin+Campbell",
    category: "Stoicism",
  },
  {
    id: 3,
    title: "The Myth of Sisyphus",
    author: "Albert Camus (trans. Justin O'Brien)",
    description:
      "Camus's classic essay on the absurd: the clash between our longing for meaning and a world that offers none ready-made. His answer is not despair but revolt, freedom and passion, summed up in the image of Sisyphus returning to his rock. Short, demanding and unexpectedly life-affirming.",
    coverUrl: "/images/books/book-3.svg",
    amazonUrl: "https://www.amazon.com/s?k=The+Myth+of+Sisyphus+Albert+Camus",
    category: "Existentialism",
  },
  {
    id: 4,
    title: "What the Buddha Taught",
    author: "Walpola Rahula",
    description:
      "Written by a Sri Lankan monk and scholar, this remains one of the clearest short introductions to the Buddha's teaching, covering the Four Noble Truths, the Eightfold Path, not-self and meditation. It includes a selection of translated texts, including passages from the Dhammapada, so readers can meet the sources directly.",
    coverUrl: "/images/books/book-4.svg",
    amazonUrl: "https://www.amazon.com/s?k=What+the+Buddha+Taught+Walpola+Rahula",
    category: "Buddhism",
  },
  {
    id: 5,
    title: "Tao Te Ching",
    author: "Lao Tzu (trans. D. C. Lau)",
    description:
      "Eighty-one brief chapters on the Way, on yielding, simplicity and the power of not forcing. D. C. Lau's translation is careful and restrained, and his introduction helps readers understand a text that rewards slow, repeated reading.",
    coverUrl: "/images/books/book-5.svg",
    amazonUrl: "https://www.amazon.com/s?k=Tao+Te+Ching+Lao+Tzu+D.+C.+Lau",
    category: "Taoism",
  },
  {
    id: 6,
    title: "Wherever You Go, There You Are",
    author: "Jon Kabat-Zinn",
    description:
      "A gentle, accessible book of short chapters on bringing mindfulness into everyday life, from the founder of Mindfulness-Based Stress Reduction. It is less a manual than a companion, ideal for dipping into for a few minutes before or after practice.",
    coverUrl: "/images/books/book-6.svg",
    amazonUrl: "https://www.amazon.com/s?k=Wherever+You+Go%2C+There+You+Are+Jon+Kabat-Zinn",
    category: "Mindfulness",
  },
];

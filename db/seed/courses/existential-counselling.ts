import type { SeedCourse } from "../types";
import { lessonRecordings } from "./recordings";

export const existentialCounselling: SeedCourse = {
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
      description: "The philosophical roots of existential therapy, read closely and with an eye to what they mean in practice.",
      lessons: [
        {
          title: "From Kierkegaard to Sartre",
          description: "Anxiety, despair, bad faith and radical freedom: the core ideas of existential philosophy and how they developed.",
          duration: 40,
          body: `A client sits down and says, almost apologetically, that nothing is really wrong. Work is fine, the relationship is fine, and yet there is a sense of drifting through a life that does not quite feel like theirs. No diagnosis fits this very well, and no technique quite reaches it. Existential philosophy begins exactly here, with the ordinary and unsettling experience of being a person who has to make something of a life without being told how. This course is about bringing that tradition into helping conversations, and it starts with the thinkers who shaped it.

## Why Philosophy Belongs in the Counselling Room

Existential therapy is less a set of techniques than a way of looking. It assumes that many of the struggles people bring to counselling are not malfunctions to be fixed but responses to the basic conditions of being human: that we will die, that we must choose, that we are finally separate from one another, and that meaning is not handed to us ready-made. The philosophers in this lesson did not write for therapists. But they described these conditions with a precision that practitioners have drawn on ever since, from Ludwig Binswanger and Medard Boss in Switzerland to Viktor Frankl in Vienna, Rollo May and Irvin Yalom in the United States, and Emmy van Deurzen and Ernesto Spinelli in Britain.

## Kierkegaard: Anxiety and Despair

Søren Kierkegaard (1813–1855) wrote in Copenhagen, often under pseudonyms, against a culture he thought had made faith comfortable and the self abstract. His question was not "what is true in general?" but "how am I, this particular person, to live?" In *Either/Or* (1843) he set a life lived for moods and pleasures beside a life built on commitment, and left the reader to choose between them.

In *The Concept of Anxiety* (1844) he separated anxiety from fear. Fear has an object: the dog, the exam, the diagnosis. Anxiety has none. It is the feeling of standing before open possibility, where nothing forces our hand. His best-known image captures it:

> Anxiety is the dizziness of freedom.
>
> — Søren Kierkegaard, *The Concept of Anxiety* (1844)

For a counsellor this is a striking reframe. Anxiety is not only a symptom; it can also be a sign that a person is standing at the edge of a real choice.

In *The Sickness unto Death* (1849) Kierkegaard described despair as a failure to become oneself: either refusing to be the self one is, or insisting on being a self of one's own invention, cut off from anything larger. He added that the most common despair is the kind that does not know it is despair. Many clients arrive in just this state, busy and functioning and quietly absent from their own lives. His journals of 1843 add a thought worth keeping close: life can only be understood backwards, but it must be lived forwards.

## Sartre: Radical Freedom and Bad Faith

A century later, Jean-Paul Sartre (1905–1980) gave existentialism its popular voice. In *Existentialism Is a Humanism*, a lecture given in Paris in 1945 and published in 1946, he argued that for human beings **existence precedes essence**. A paper-knife is designed for a purpose before it is made; a person is not. We exist first, and define ourselves afterwards through what we do. That is why, in his phrase, we are "condemned to be free": we did not choose to be free, yet we cannot stop choosing.

In the same lecture Sartre tells of a student who came to him during the Occupation, torn between joining the Free French forces and staying to care for his mother. Sartre refused to decide for him. He pointed out that by choosing Sartre as an adviser, rather than someone likely to give a different answer, the young man had already half-chosen. The only advice left was that he was free and must choose, which is to say, invent.

In *Being and Nothingness* (1943) Sartre called the ways we flee this freedom **bad faith**. His famous example is a café waiter whose movements are a little too precise, a little too eager, as though he were playing at being a waiter: treating himself as a thing with a fixed nature rather than a person choosing, moment by moment, to act this role. Bad faith is the "that's just who I am" that lets us off the hook.

## What Practitioners Take From This

- **Anxiety can be informative.** Before asking how to reduce it, ask what it is pointing towards.
- **Clients are not fixed natures.** Labels, including the ones clients give themselves, describe patterns, not destinies.
- **Advice is rarely neutral.** Like Sartre's student, people often come looking for permission for a choice already forming.
- **Freedom is always situated.** We do not choose our circumstances, only how we meet them. Later lessons return to this caution.

This course is professional development for counsellors, coaches and serious students. It is not a substitute for accredited training, and it asks you to bring what you learn to supervision rather than trying it out on clients alone.

## Exercise: A Day of Small Choices

1. Choose an ordinary day this week and keep a notebook to hand.
2. Each time you catch yourself saying or thinking "I have to", write down what you were about to do.
3. In the evening, rewrite each entry as "I choose to... because...". Notice which rewrites feel true and which feel forced.
4. For any that feel forced, note what the real constraint is, and what small freedom remains inside it.
5. Write a few lines on the difference between Sartre's radical freedom and your actual situation.

## Sources

- Søren Kierkegaard, *Either/Or* (1843), *The Concept of Anxiety* (1844) and *The Sickness unto Death* (1849).
- Jean-Paul Sartre, *Being and Nothingness* (1943) and *Existentialism Is a Humanism* (1946).
- Irvin D. Yalom, *Existential Psychotherapy* (1980).
- Emmy van Deurzen, *Existential Counselling and Psychotherapy in Practice* (1988; 3rd edition 2012).`,
          assessments: [
            {
              title: "Key Concepts Quiz",
              kind: "quiz",
              questions: [
                {
                  prompt: "How did Kierkegaard distinguish anxiety from fear?",
                  choices: [
                    {
                      text: "Fear is irrational, while anxiety is always a reasonable response to danger.",
                      explanation:
                        "Kierkegaard did not rank them by rationality; the difference he drew concerns whether there is an object.",
                    },
                    {
                      text: "Fear has a definite object, while anxiety arises before open possibility and has no specific object.",
                      explanation:
                        "Correct. Fear is of something (the dog, the exam); anxiety is the 'dizziness of freedom' in the face of possibility.",
                    },
                    {
                      text: "They are the same experience described in different words.",
                      explanation: "The lesson stresses that Kierkegaard deliberately separated the two.",
                    },
                  ],
                  correct: 1,
                },
                {
                  prompt: "What did Sartre mean by 'existence precedes essence'?",
                  choices: [
                    {
                      text: "Every person is born with a fixed nature that slowly unfolds.",
                      explanation: "This is the view Sartre rejects; the paper-knife has a prior design, a person does not.",
                    },
                    {
                      text: "A person's essence matters more than the fact that they exist.",
                      explanation: "This reverses the slogan. For Sartre there is no essence given in advance.",
                    },
                    {
                      text: "We exist first and define ourselves afterwards through what we do.",
                      explanation:
                        "Correct. Unlike a designed object, a person has no predetermined purpose and is defined by their choices.",
                    },
                    {
                      text: "Human existence is ultimately an illusion.",
                      explanation:
                        "Sartre took existence entirely seriously; the slogan is about how our nature is formed, not whether we exist.",
                    },
                  ],
                  correct: 2,
                },
                {
                  prompt: "Sartre's example of the café waiter illustrates which idea?",
                  choices: [
                    {
                      text: "Bad faith: treating oneself as a thing with a fixed nature to escape the freedom of choosing.",
                      explanation:
                        "Correct. The waiter plays at being a waiter, as though the role were his nature rather than something he chooses.",
                    },
                    {
                      text: "Authenticity: wholehearted commitment to one's chosen work.",
                      explanation:
                        "Sartre presents the waiter's over-precise performance as a flight from freedom, not as authentic commitment.",
                    },
                    {
                      text: "Kierkegaard's despair that does not know it is despair.",
                      explanation:
                        "That is Kierkegaard's idea from The Sickness unto Death; the waiter is Sartre's example from Being and Nothingness.",
                    },
                  ],
                  correct: 0,
                },
                {
                  prompt: "According to Kierkegaard, what is the most common form of despair?",
                  choices: [
                    {
                      text: "Despair about losing one's religious faith.",
                      explanation: "The lesson does not describe this as Kierkegaard's most common form of despair.",
                    },
                    {
                      text: "Despair that is loudly expressed as grief.",
                      explanation: "Kierkegaard's point is the opposite: the most common despair is hidden, even from the person in it.",
                    },
                    {
                      text: "Despair that does not know it is despair.",
                      explanation:
                        "Correct. Many people, busy and functioning, are quietly failing to become themselves without realising it.",
                    },
                  ],
                  correct: 2,
                },
                {
                  prompt: "What lesson for practitioners does Sartre's story of the student who asked his advice offer?",
                  choices: [
                    {
                      text: "Young people should follow their family obligations first.",
                      explanation: "Sartre explicitly refused to say which path was right.",
                    },
                    {
                      text: "A good philosopher or counsellor gives clear, decisive advice.",
                      explanation: "Sartre declined to decide for the student; the decision remained the student's.",
                    },
                    {
                      text: "Anxiety about decisions should be removed before choosing.",
                      explanation: "The story is about freedom and responsibility, not about eliminating anxiety.",
                    },
                    {
                      text: "Choosing whom to ask for advice is already a choice, and the decision remains the person's own.",
                      explanation:
                        "Correct. By choosing Sartre as adviser the student had half-chosen; clients too often seek permission for a choice already forming.",
                    },
                  ],
                  correct: 3,
                },
              ],
            },
          ],
        },
        {
          title: "Heidegger, Being-in-the-World and Authenticity",
          description: "Why existential practitioners see a person always in relation to a world, and what an authentic life might mean.",
          duration: 40,
          body: `In 1927 Martin Heidegger published *Being and Time*, a dense, unfinished book that changed the course of European philosophy and, through a handful of Swiss psychiatrists, the practice of psychotherapy. Its vocabulary can feel forbidding: hyphenated phrases, German coinages, ordinary words bent into new shapes. But behind the jargon sits a simple and radical claim. A person is not a mind locked inside a skull, looking out at a world. A person is always already *in* a world, caught up in tasks, relationships, moods and concerns. This lesson translates that claim into practice.

It is impossible to teach Heidegger honestly without noting that he joined the Nazi Party in 1933 and never adequately faced what that meant. Practitioners who use his ideas generally do so critically, and you are entitled to hold both his insights and his failures in view.

## Dasein and Being-in-the-World

Heidegger avoids words like "subject", "mind" or "self" because they smuggle in the picture he wants to undo. He calls the kind of being that we are **Dasein**, literally "being-there". Dasein is the being for whom its own being is an issue: we are the creatures who wonder what our lives amount to.

Dasein's basic structure is **being-in-the-world**, written with hyphens to show that the parts cannot be separated. We do not first exist and then enter a world; we find ourselves in the middle of one. Heidegger's example is the hammer: while we use it well we hardly notice it. It becomes an object of attention only when it breaks. Most of life is like this, absorbed and practical, and running through all of it is what he calls **care** (*Sorge*): things matter to us.

For practitioners, this means a client's difficulty is never simply "inside" them. Depression, anxiety or confusion show up in how a world is lived: a flat that feels like a cell, a job that has gone silent, a family that still sets the rules. Emmy van Deurzen, building on Ludwig Binswanger, describes four dimensions of this world: the physical (*Umwelt*), the social (*Mitwelt*), the personal (*Eigenwelt*) and the spiritual or ideological (*Überwelt*). A person can be thriving in one and lost in another.

## Thrownness and Projection

We did not choose our parents, our body, our language, our century or our class. Heidegger calls this **thrownness** (*Geworfenheit*): we find ourselves delivered into circumstances already under way. Yet we are also always pressing forward into possibilities, a movement he calls **projection**. Human existence is stretched between what has been given and what we might become, and many counselling conversations are about exactly this tension.

## The "They" and Falling

Most of the time we live as **das Man**, usually translated "the they" or "the one": we do what one does, think what one thinks and enjoy what one enjoys. Heidegger is not simply condemning conformity. This is our everyday default, and it is often useful. But he describes a tendency he calls **falling**: sliding into idle talk, restless curiosity and ambiguity, until life is lived on borrowed terms and the question of what we ourselves care about never arises.

## Anxiety, Death and Authenticity

What can interrupt this? Heidegger's answer is **anxiety** (*Angst*). Unlike fear, which is of something definite, anxiety has no object. In it the familiar world slips away and we face the bare fact that we have to be, and that no one can do this for us. Anxiety is bound up with **being-towards-death**: death is our ownmost possibility, certain yet indefinite in its timing, and no one can die our death for us.

Facing this makes **authenticity** possible. The German *Eigentlichkeit* is closer to "ownedness": living in a way that is one's own. Authenticity is not heroic nonconformity, nor a true self waiting to be discovered. It is a modified way of living the same everyday life, owning one's choices rather than drifting with the they.

## In Practice

- Ask about the world, not only the self: places, people, routines, beliefs.
- Notice what the client takes for granted as "what one does".
- Treat anxiety as a possible disclosure, not only as noise to be reduced.
- Resist offering clients your ideal of authenticity; what is their own can only be found by them.

## Exercise: Mapping a World

1. Divide a sheet of paper into four quadrants: physical, social, personal, spiritual.
2. In each, write a few words about your own life at present: what feels alive, what feels strained.
3. Circle anywhere you live mostly as "one does" rather than as you choose.
4. Note one place where your thrownness, something you did not choose, meets a possibility you could still take up.
5. Consider how you might hold a similar map in mind, without worksheets, while listening to a client's world.

## Sources

- Martin Heidegger, *Being and Time* (1927).
- Emmy van Deurzen, *Existential Counselling and Psychotherapy in Practice* (1988; 3rd edition 2012).
- Ludwig Binswanger, essays in Rollo May, Ernest Angel and Henri Ellenberger (eds), *Existence* (1958).
- Ernesto Spinelli, *Practising Existential Therapy* (2007).`,
          assessments: [
            {
              title: "Heidegger's Vocabulary Quiz",
              kind: "quiz",
              questions: [
                {
                  prompt: "What does Heidegger mean by 'Dasein'?",
                  choices: [
                    {
                      text: "The unconscious mind beneath our everyday awareness.",
                      explanation: "Heidegger is not describing a hidden layer of the mind; he avoids mind-talk altogether.",
                    },
                    {
                      text: "The physical world that surrounds a person.",
                      explanation: "The physical world is one dimension of the world we live in (Umwelt), not Dasein itself.",
                    },
                    {
                      text: "Literally 'being-there': the kind of being we are, for whom our own being is an issue.",
                      explanation:
                        "Correct. Heidegger uses Dasein instead of 'subject' or 'self' to avoid picturing a mind locked inside a skull.",
                    },
                  ],
                  correct: 2,
                },
                {
                  prompt: "Why is 'being-in-the-world' written with hyphens?",
                  choices: [
                    {
                      text: "To show that person and world cannot be separated: we are always already in a world.",
                      explanation: "Correct. We do not first exist and then enter a world; the hyphens mark a single, unified structure.",
                    },
                    {
                      text: "Because it is a direct transliteration of a single Greek word.",
                      explanation:
                        "The phrase translates Heidegger's German, and the hyphens carry a philosophical point, not a transliteration.",
                    },
                    {
                      text: "To indicate that the world is a mental representation inside the person.",
                      explanation: "This is the picture Heidegger rejects; the person is not a mind looking out at a world.",
                    },
                  ],
                  correct: 0,
                },
                {
                  prompt: "What is 'thrownness' (Geworfenheit)?",
                  choices: [
                    {
                      text: "The feeling of being rejected by other people.",
                      explanation: "Thrownness is not an emotional state of rejection but a basic feature of existence.",
                    },
                    {
                      text: "Finding ourselves delivered into circumstances we did not choose, such as body, family, language and era.",
                      explanation:
                        "Correct. We are thrown into a situation already under way, and we also project ourselves into possibilities.",
                    },
                    {
                      text: "The habit of throwing oneself into work to avoid anxiety.",
                      explanation: "That would be closer to a defence; Heidegger's term refers to the givenness of our situation.",
                    },
                  ],
                  correct: 1,
                },
                {
                  prompt: "What does Heidegger mean by 'das Man' ('the they')?",
                  choices: [
                    {
                      text: "A specific group of people who exert social control.",
                      explanation: "The they is not a particular group; it is an anonymous 'one' that includes ourselves.",
                    },
                    {
                      text: "The authentic self that lies hidden beneath social roles.",
                      explanation: "Heidegger does not posit a hidden true self; authenticity is a way of owning everyday life.",
                    },
                    {
                      text: "A pathological state that only some people fall into.",
                      explanation: "Living as the they is our everyday default, shared by everyone and often useful.",
                    },
                    {
                      text: "Our everyday way of living as 'one' does: doing, thinking and enjoying what one does.",
                      explanation: "Correct. It is the ordinary default mode of existence, which can slide into 'falling'.",
                    },
                  ],
                  correct: 3,
                },
                {
                  prompt: "Which best captures Heidegger's idea of authenticity (Eigentlichkeit)?",
                  choices: [
                    {
                      text: "Rejecting social conventions and standing out from the crowd.",
                      explanation: "The lesson specifically says authenticity is not heroic nonconformity.",
                    },
                    {
                      text: "Owning one's choices: a modified way of living everyday life that is one's own.",
                      explanation: "Correct. Eigentlichkeit is closer to 'ownedness', often made possible by facing anxiety and death.",
                    },
                    {
                      text: "Discovering a fixed true self that was there all along.",
                      explanation: "Heidegger does not describe authenticity as uncovering a pre-existing true self.",
                    },
                  ],
                  correct: 1,
                },
              ],
            },
            {
              title: "Moments of Authenticity in My Life",
              kind: "reflection",
              prompt:
                "Describe two or three moments when you felt you were living in a way that was genuinely your own, and one period when you were mostly doing 'what one does'. For each, say what was happening, what you felt and what seemed to make the difference, using Heidegger's terms (thrownness, the they, anxiety, authenticity) where they help. End with a few sentences on how your own idea of authenticity might shape, or bias, the way you hear clients. If you mention work with clients, leave out anything that could identify them.",
            },
          ],
        },
        {
          title: "Frankl and the Will to Meaning",
          description: "Logotherapy's account of meaning through creation, experience and the attitude we take to unavoidable suffering.",
          duration: 35,
          body: `Viktor Frankl (1905–1997) was a Viennese psychiatrist and neurologist who, before the Second World War, had already organised counselling for young people in crisis and worked with suicidal patients. In 1942 he was deported with his family to Theresienstadt, and later to Auschwitz and to camps attached to Dachau. His father, mother, brother and wife all died. After liberation he wrote, in a matter of days, the book known in English as *Man's Search for Meaning*: part memoir of the camps, part introduction to the therapy he called **logotherapy**. It remains one of the most widely read books in the field, and one of the most often misread.

## The Will to Meaning

Frankl presented logotherapy as a "third Viennese school" of psychotherapy, alongside Freud's psychoanalysis, which he saw as built on a will to pleasure, and Adler's individual psychology, built on a will to power. His own claim was that the primary human motivation is a **will to meaning**. People can bear extraordinary hardship if they have something to live for, and can collapse amid comfort if they do not. He often quoted Nietzsche on this:

> He who has a why to live for can bear almost any how.
>
> — Friedrich Nietzsche, as quoted in *Man's Search for Meaning*

Crucially, Frankl held that meaning is **discovered rather than invented**. It is found in the demands of a concrete situation, in what life is asking of this person now. That is a quiet but real difference from Sartre, for whom we create our values through our choices.

## Three Avenues to Meaning

Frankl described three main ways in which meaning can be found:

1. **Creative values**: by creating a work or doing a deed, giving something to the world.
2. **Experiential values**: by experiencing something, such as beauty, nature or truth, or by encountering someone, above all in love.
3. **Attitudinal values**: by the attitude we take towards unavoidable suffering, when the situation itself cannot be changed.

The third is the most famous and the easiest to misuse. Frankl wrote that everything can be taken from a person except the last of the human freedoms: to choose one's attitude in any given set of circumstances. But he was equally clear that suffering which can be avoided should be avoided; to suffer unnecessarily is not heroic. Attitudinal values come into play only when nothing else is possible.

## The Existential Vacuum

After the war Frankl noticed a different problem among patients who were in no danger at all: a pervasive sense of emptiness, boredom and aimlessness, which he called the **existential vacuum**. He described a "Sunday neurosis", the low mood that arrives when the busy week stops and the emptiness underneath becomes audible. He suspected that much compulsive pleasure-seeking, aggression and addiction were attempts to fill this vacuum. In a later postscript he spoke of a **tragic optimism**: saying yes to life in spite of the "tragic triad" of pain, guilt and death.

## Logotherapy's Tools

- **Socratic dialogue**: questions that help a person uncover meanings already present in their life, rather than being told what they ought to be.
- **Dereflection**: turning attention away from excessive self-observation, such as anxious monitoring of one's own sleep, towards something or someone outside the self.
- **Paradoxical intention**: inviting a person, often with humour, to wish for the very thing they fear, which can loosen anticipatory anxiety.

## Cautions for Practitioners

Frankl is easy to turn into a slogan. Three cautions help. First, meaning cannot be prescribed: a counsellor who tells a grieving client what their loss "means" has taken something from them. Second, survival in the camps was not a reward for finding meaning; Frankl himself wrote that the best of the prisoners did not return. Third, people in acute distress may need safety, rest and practical help long before they need meaning. If someone speaks of having nothing to live for, treat it first as a question of risk: ask directly about suicidal thoughts, follow your organisation's procedures, and take it to supervision.

## Exercise: A Meaning Inventory

1. Draw three columns headed *Creating*, *Experiencing* and *Attitude*.
2. Under each, list moments from the past year when life felt meaningful in that way. Keep them concrete.
3. Mark any column that is thin. Is that a season of life, or a habit?
4. Think of a difficulty you cannot change. Without forcing anything, write one sentence about the attitude you would like to take towards it.
5. Note what the exercise was like. Would it feel supportive, or pressuring, if offered to a client in difficulty?

## Sources

- Viktor E. Frankl, *Man's Search for Meaning* (German 1946; English 1959; postscript "The Case for a Tragic Optimism", 1984).
- Viktor E. Frankl, *The Doctor and the Soul* (1946; English 1955).
- Friedrich Nietzsche, *Twilight of the Idols* (1889).
- Irvin D. Yalom, *Existential Psychotherapy* (1980).`,
          assessments: [
            {
              title: "Sources of Meaning",
              kind: "reflection",
              prompt:
                "Using the meaning inventory from this lesson, write about where meaning currently comes from in your life under Frankl's three headings: creating, experiencing and attitude. Describe one column that feels thin and what you make of that, and one unavoidable difficulty towards which you are trying to choose an attitude. Close with a few sentences on how you could invite a client to explore meaning without prescribing it. Keep any reference to clients general, with no identifying details.",
            },
          ],
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
          description: "How awareness of mortality can be met as a catalyst for change rather than only as a source of dread.",
          duration: 40,
          body: `Death rarely arrives in the counselling room under its own name. It comes disguised: as insomnia, as a crisis at fifty, as restless overwork, as a fear of flying, as a marriage that suddenly feels unbearable after a friend's funeral. Irvin Yalom, whose *Existential Psychotherapy* (1980) did more than any other book to bring existential ideas into mainstream practice, argued that awareness of death is one of the deepest sources of anxiety and, at the same time, one of the most powerful catalysts for change. This lesson explores how to meet it without flinching and without forcing it.

## The Idea of Death

Yalom often returned to a line from E. M. Forster's novel *Howards End*:

> Death destroys a man: the idea of Death saves him.
>
> — E. M. Forster, *Howards End* (1910)

The physical fact of death ends us. The idea of it, held consciously, can wake us up. Heidegger made a related point with **being-towards-death**: because death is certain and cannot be handed to anyone else, facing it calls us back from living as "one" lives. In *Staring at the Sun* (2008) Yalom describes **awakening experiences**: a diagnosis, a bereavement, a milestone birthday, a near miss on the motorway. Such moments can shift a person from everyday concern with *how* things are towards wonder *that* they are, and from there towards reordering their priorities.

## How We Defend Against Death Anxiety

Yalom identified two broad defences, both visible in everyday life and in clients:

- **Specialness**: a deep, usually unspoken conviction that the ordinary rules do not apply to me. It can fuel heroic achievement, compulsive work and risk-taking, and it tends to crack when illness or ageing arrives.
- **The ultimate rescuer**: the belief that someone or something, a partner, a leader, a doctor, a god, will always protect me. It can show itself in self-effacing dependence and a terror of being left.

These defences are not pathologies to be stripped away. They are human, and often they work. They become a focus when they cost a person a great deal, or when life has broken them and the person is left exposed.

## Rippling

One of Yalom's most consoling ideas is **rippling**: the way each of us sends out concentric circles of influence that continue after we are gone, through the people we have taught, loved or helped, often without knowing it. For some clients this offers a way of holding mortality that does not depend on belief in an afterlife. Yalom also revisits the ancient argument of Epicurus and Lucretius that the non-existence after death is no more to be feared than the non-existence before birth, sometimes called the **symmetry argument**. Some people find it steadying; others find it cold. Both responses deserve respect.

## In the Therapy Room

- **Begin with your own relationship to death.** If you are anxious about mortality, you may steer away from it without noticing. Yalom was candid about his own death anxiety and how it shaped his work.
- **Follow, don't lead.** Listen for death in the background of other concerns, and name it tentatively if it seems present. It is not your job to make every client confront mortality.
- **Distinguish grief from death anxiety.** A bereaved client is mourning a particular person first. Larger questions may come later, or not at all.
- **Stay practical and human.** Clients facing terminal illness may need information, advocacy and companionship more than philosophy.

### Safeguarding

Talk of death is sometimes talk of wanting to die. If a client's words suggest thoughts of suicide or self-harm, this is no longer a philosophical conversation. Ask directly and calmly, follow your organisation's risk procedures, take it to supervision promptly and refer on when the risk or the need is beyond your role.

## Exercise: Your Own Horizon

1. Find a quiet half-hour. Draw a horizontal line representing your life, from birth to an estimated end.
2. Mark where you are now. Notice what happens in your body as you do it.
3. Write down what you would regret not having done, said or repaired if the line turned out to be shorter than you expect.
4. Note any defences you recognise in yourself: a sense of specialness, a hoped-for rescuer, constant busyness.
5. Write one sentence about how this might affect the way you hear a client who speaks of death. If the exercise stirs up more than you expected, take it to your own therapist or supervisor.

## Sources

- Irvin D. Yalom, *Existential Psychotherapy* (1980) and *Staring at the Sun: Overcoming the Terror of Death* (2008).
- E. M. Forster, *Howards End* (1910).
- Martin Heidegger, *Being and Time* (1927).
- Lucretius, *On the Nature of Things* (1st century BCE).`,
          assessments: [
            {
              title: "My Own Relationship With Mortality",
              kind: "reflection",
              prompt:
                "Drawing on the 'Your Own Horizon' exercise, write about how death has touched your life so far and how you tend to respond to it: avoidance, curiosity, dread, faith, humour. Name any defences you recognise in yourself, such as specialness or an ultimate rescuer, and say how they might lead you to steer towards or away from death in sessions. If writing this brings up strong feelings, note what support you will use. Do not include identifying details of clients or of other people in your life.",
            },
            {
              title: "Responding to a Client's Fear of Death",
              kind: "exercise",
              prompt:
                "Imagine a fictional client in their sixties who tells you that since their sister died they wake at three in the morning terrified of their own death. Write what you might say in the first ten minutes of exploring this, including two or three descriptive questions, and explain which ideas from the lesson (awakening experiences, defences, rippling, the difference between grief and death anxiety) inform your choices. Then describe how you would check for risk and what you would take to supervision. Keep the client fictional or composite, with no identifying details.",
            },
          ],
        },
        {
          title: "Freedom and Responsibility",
          description: "Helping clients recognise where they are choosing, including the choice to avoid choosing.",
          duration: 35,
          body: `Freedom sounds like good news. In the existential tradition it is more complicated than that. To be free is to be the author of one's life, authorship brings responsibility, and responsibility can feel unbearable. Much of what clients bring, the stuckness, the endless deliberation, the sense that life is happening to them, can be understood as a struggle with this freedom. This lesson looks at how to help people notice where they are choosing, including the subtle choice not to choose, without sliding into blame.

## Responsibility as Authorship

Irvin Yalom, drawing on Sartre, understood responsibility as **authorship**: to be aware of responsibility is to be aware that one is, at least in part, creating one's own self, life situation, feelings and sometimes one's own suffering. This is not a moral accusation. It is an invitation to move from "this is happening to me" towards "this is, in part, something I am doing, and so something I could do differently".

Sartre put the burden bluntly: we are **condemned to be free**. Even refusing to choose is a choice, with consequences we will live with.

## How People Avoid Responsibility

Yalom describes a number of ways people keep responsibility at arm's length. Among them:

- **Displacement** onto others: the partner, the parent, the boss or the economy becomes the author of one's unhappiness.
- **Innocent victimhood**: seeing oneself as purely acted upon, with no part in events.
- **Losing control**: becoming so distressed or chaotic that others must step in and decide.
- **Avoiding autonomous action**: letting other people, circumstances or a deadline decide.
- **Compulsivity**: feeling driven, so that life becomes a series of things one "had to" do.

You will recognise some of these from your own life. That recognition is the best starting point for noticing them in clients with compassion rather than judgement.

## From Wish to Decision

Yalom, drawing on Rollo May, describes **willing** as a process. A person must first be able to **wish**: to feel and know what they want. Many clients cannot. They have been attuned to other people's wishes for so long that their own are muffled. Then comes **will**, the movement towards action, and finally **decision**, which always involves renunciation. Every yes contains a no. Part of what makes decisions hard is not uncertainty about the right answer but grief for the path that will not be taken.

This gives the practitioner a useful map. A client who cannot decide may first need help with wishing. A client who knows what they want but does not act may be struggling with the loss that any choice entails.

## Listening to Language

Responsibility shows itself in grammar. Listen for:

- "I can't" where "I won't" or "I'm not willing to" might be truer.
- "It just happened" for things the client did.
- "You make me feel..." where the feeling also belongs to the one feeling it.
- "I have to" for things chosen under pressure.

With consent and a light touch, you can invite a client to try the alternative phrasing and notice how it lands. The point is not to win an argument but to let the client hear their own authorship.

## Freedom Is Always Situated

There is a danger here. Pushed too far, talk of responsibility becomes victim-blaming. Clients live with poverty, racism, disability, illness and violence they did not choose. Sartre himself later gave much more weight to social conditions, and existential practitioners speak of **situated freedom**: freedom always operates within given limits, what Heidegger called thrownness and Sartre called facticity. The question is never "why did you choose your oppression?" It is "within what you cannot change, where do you still have room to move?" Where a client is in danger, safety and practical support come first.

## Exercise: Language Audit Role-Play

1. Pair with a colleague or trusted peer. One of you speaks for ten minutes about a current dilemma from your own life, not a client's.
2. The listener notes every "I can't", "I have to", "it just happened" and "they made me".
3. Afterwards, the speaker restates two of these in the language of choice and says how it feels.
4. Discuss together where the new phrasing opened something up, and where it felt unfair to real constraints.
5. Swap roles, then each write a brief note on your own habits of avoiding, or over-claiming, responsibility.

## Sources

- Jean-Paul Sartre, *Being and Nothingness* (1943) and *Existentialism Is a Humanism* (1946).
- Irvin D. Yalom, *Existential Psychotherapy* (1980).
- Rollo May, *Love and Will* (1969).`,
          assessments: [
            {
              title: "Freedom and Responsibility Quiz",
              kind: "quiz",
              questions: [
                {
                  prompt: "In Yalom's account, what does responsibility mean?",
                  choices: [
                    {
                      text: "Blame: being at fault for whatever goes wrong in one's life.",
                      explanation: "The lesson stresses that responsibility in this sense is not a moral accusation.",
                    },
                    {
                      text: "Authorship: being aware that one is, at least in part, creating one's own self and life situation.",
                      explanation:
                        "Correct. Yalom, drawing on Sartre, frames responsibility as authorship, an invitation rather than a verdict.",
                    },
                    {
                      text: "Duty: doing what society expects of a mature adult.",
                      explanation: "Doing what is expected could itself be a way of avoiding authorship.",
                    },
                  ],
                  correct: 1,
                },
                {
                  prompt:
                    "A client knows clearly what she wants but keeps postponing the decision. Following the wish-will-decision map, what might she be struggling with?",
                  choices: [
                    {
                      text: "An inability to wish, because her own desires are muffled.",
                      explanation: "She already knows what she wants, so wishing is not the main difficulty here.",
                    },
                    {
                      text: "A lack of information, which more research would solve.",
                      explanation: "The lesson suggests decisions are often hard for reasons other than uncertainty about the facts.",
                    },
                    {
                      text: "Compulsivity, which always shows itself as indecision.",
                      explanation: "Compulsivity is described as feeling driven, not as postponing decisions.",
                    },
                    {
                      text: "The renunciation that any decision involves: grief for the path not taken.",
                      explanation:
                        "Correct. Every yes contains a no, and a client who knows her wish may be held back by the loss a choice entails.",
                    },
                  ],
                  correct: 3,
                },
                {
                  prompt: "What do existential practitioners mean by 'situated freedom'?",
                  choices: [
                    {
                      text: "Freedom always operates within given limits we did not choose, so the question is where room to move remains.",
                      explanation:
                        "Correct. It links freedom to thrownness and facticity, and guards against blaming clients for conditions imposed on them.",
                    },
                    {
                      text: "Freedom is only real in certain situations, such as therapy.",
                      explanation: "Situated freedom concerns the limits within which all freedom operates, not particular settings.",
                    },
                    {
                      text: "People are fully responsible for every circumstance they find themselves in.",
                      explanation: "This is the victim-blaming view that the idea of situated freedom is meant to correct.",
                    },
                  ],
                  correct: 0,
                },
                {
                  prompt:
                    "A client says, 'I can't tell my brother how I feel.' Which response best reflects the lesson's approach to language?",
                  choices: [
                    {
                      text: "Tell the client firmly that 'can't' really means 'won't'.",
                      explanation: "The lesson advises a light touch and consent; the aim is not to win an argument.",
                    },
                    {
                      text: "Ignore the phrasing and move on to practical advice.",
                      explanation: "This misses a chance for the client to hear their own authorship.",
                    },
                    {
                      text: "With consent, invite the client to try saying 'I won't' or 'I'm not willing to' and notice how it lands.",
                      explanation:
                        "Correct. Trying the alternative phrasing lets the client explore whether choice is involved, without imposing a verdict.",
                    },
                  ],
                  correct: 2,
                },
                {
                  prompt: "Which of these is one of the ways of avoiding responsibility that Yalom describes?",
                  choices: [
                    {
                      text: "Making a difficult decision and accepting what it costs.",
                      explanation: "This is taking responsibility, not avoiding it.",
                    },
                    {
                      text: "Displacing responsibility onto others, such as a partner, parent or boss.",
                      explanation: "Correct. Displacement makes someone else the author of one's unhappiness.",
                    },
                    {
                      text: "Noticing one's own wishes and saying them aloud.",
                      explanation: "Being able to wish is the first step of willing, not an avoidance.",
                    },
                  ],
                  correct: 1,
                },
              ],
            },
          ],
        },
        {
          title: "Existential Isolation and Relationship",
          description:
            "The gap between any two people that can never be fully closed, and the genuine meeting that is still possible across it.",
          duration: 35,
          body: `However close we become to another person, there remains a gap that can never be entirely closed. We enter the world alone into our own experience and we die our own death; no one else can feel our pain from the inside, and no one can make our choices for us. Yalom called this **existential isolation** and counted it among the four givens. It is not the same as loneliness, though the two are often tangled together. This lesson explores how existential practitioners work with the unbridgeable gap, and with the genuine meeting that is still possible across it.

## Three Kinds of Isolation

Yalom distinguished three forms:

- **Interpersonal isolation**: being cut off from other people, through distance, illness, shame, lack of opportunity or circumstance. This is what we usually call loneliness.
- **Intrapersonal isolation**: being cut off from parts of oneself, such as feelings, wishes or memories that have been pushed out of awareness.
- **Existential isolation**: the separateness that remains even in the best of relationships, because each of us is a distinct centre of experience.

The first two can often be eased. The third cannot. Much suffering, Yalom suggested, comes from trying to abolish existential isolation by means of relationships, which then buckle under the weight.

## Fusion and Using Others

One common response is **fusion**: losing oneself in a partner, a group, a cause or a role, so that the frightening separateness is never felt. Another is relating to people chiefly as functions: the admirer, the protector, the audience. Both can look like intimacy from outside. Both can leave a person lonelier, because no one is really being met.

Yalom's measure of a mature relationship was whether I can care for another person for their own sake, for their growth and not only for what they supply to me. Nobody manages this perfectly. It is a direction rather than a state.

## I and Thou

Martin Buber's short book *I and Thou* (1923) offers a language for the alternative. Buber distinguished two basic attitudes. In the **I–It** relation, I experience the other as an object: something to be known, used, classified or managed. In the **I–Thou** relation, I meet the other as a whole person, present to me as I am present to them. I–It is necessary and unavoidable; no one lives in constant I–Thou. But without moments of genuine meeting, life becomes thin.

Counsellors slide into I–It all the time: thinking in diagnoses, planning the next intervention, mentally drafting notes. The aim is not to abolish these activities but to notice when they have taken over the encounter.

Heidegger adds that **being-with** (*Mitsein*) belongs to our very structure: even alone, we exist in a world shared with others. Sartre's much-quoted line from his play *No Exit* (1944), "Hell is other people", is often read as simple misanthropy. It is better read as a picture of what happens when we depend on other people's gaze to tell us who we are.

## Working With Isolation

- **Name the difference** between loneliness that can be addressed, through connection, community or practical help, and separateness that must be accepted.
- **Explore how the client uses relationships** to escape being alone, and what they fear would happen if they stopped.
- **Value solitude.** Learning to be with oneself is often the precondition of being with others without clinging.
- **Use the relationship.** The counselling hour is itself an encounter. A client may, perhaps for the first time, experience being fully heard while remaining separate. Yalom liked to describe client and therapist as fellow travellers.
- **Watch for risk.** Profound isolation often accompanies depression. If a client is withdrawing from all contact, or speaks of others being better off without them, attend to safety first and seek supervision.

## Exercise: Noticing I–It

1. For one working day, or one ordinary day if you are not practising, notice moments when you relate to someone mainly as a function.
2. Note briefly what was happening and which need of yours was being served.
3. Choose one conversation in which you deliberately set aside your agenda for a few minutes and simply attend to the other person.
4. Afterwards, write down what changed: in them, in you and in the space between you.
5. Recall a time when you felt truly met by another person, and what they did, or refrained from doing, that made it possible.

## Sources

- Irvin D. Yalom, *Existential Psychotherapy* (1980) and *The Gift of Therapy* (2002).
- Martin Buber, *I and Thou* (1923).
- Martin Heidegger, *Being and Time* (1927).
- Jean-Paul Sartre, *No Exit* (1944).`,
          assessments: [
            {
              title: "Loneliness and Connection",
              kind: "reflection",
              prompt:
                "Write about your own experience of the three kinds of isolation Yalom describes: a time of loneliness, a part of yourself you have been cut off from, and a moment when you felt the separateness that no relationship can remove. Then describe what you noticed in the 'Noticing I–It' exercise and what helped a moment of genuine meeting to happen. Finish with a few sentences on how your own relationship with solitude might affect the way you sit with isolated clients. Refer to clients only in general terms, with no identifying details.",
            },
          ],
        },
        {
          title: "Meaninglessness and the Search for Purpose",
          description: "Working with emptiness and lack of direction without rushing to supply answers on the client's behalf.",
          duration: 35,
          body: `"What's the point?" It is one of the most common sentences in any counselling room, and one of the hardest to answer. Sometimes it is a symptom of depression, sometimes a philosophical question, sometimes a cry of exhaustion, and often all three at once. Yalom named **meaninglessness** as the fourth ultimate concern: we are meaning-seeking creatures thrown into a universe that offers no meaning of its own. This lesson explores how to work with emptiness and lack of direction without rushing in to supply answers on the client's behalf.

## Cosmic and Terrestrial Meaning

Yalom distinguished **cosmic meaning**, a design or purpose that exists beyond the individual and gives life its place, as many religious traditions hold, from **terrestrial meaning**, the purposes a person finds or makes within a life: work, love, creativity, service, pleasure, growth. A client who has lost faith in cosmic meaning may still have rich terrestrial meaning, or may feel that losing the first has emptied the second. It matters which.

Practitioners need to respect both. Helping a religious client explore their faith is as legitimate as helping a secular client build meaning without one. Your own view of the cosmos has no place in the answer.

## The Absurd

Albert Camus, in *The Myth of Sisyphus* (1942), described the **absurd**: the clash between our longing for meaning and the world's silence. He rejected both false hope and despair, and ended with the figure of Sisyphus, condemned to push his rock up the mountain for ever:

> One must imagine Sisyphus happy.
>
> — Albert Camus, *The Myth of Sisyphus* (1942)

Camus is not recommending cheerfulness. He is suggesting that a life can be fully lived, with lucidity and even joy, without a guaranteed meaning underneath it. Some clients find this liberating; others find it bleak.

## Frankl's Vacuum and Yalom's Answer

Frankl, as we saw, spoke of the **existential vacuum**: boredom, emptiness and the compulsive filling of time. Yalom's response to meaninglessness is characteristically practical. Meaning, he argued, is a by-product of **engagement**. Just as happiness slips away when pursued directly, meaning tends to elude those who hunt for it in the abstract. It arrives sideways, through wholehearted involvement in something: a craft, a relationship, a cause, a garden, a child, a question. The therapeutic task is less to find the meaning of life than to help remove the obstacles to engagement.

## Resisting the Urge to Supply Answers

Emptiness in another person is uncomfortable to sit with, and helpers are often tempted to fill it with suggestions: volunteering, a new hobby, gratitude lists, the helper's own philosophy. Occasionally such suggestions are welcome. More often they communicate that the emptiness is intolerable and must be covered quickly. Instead:

- **Describe the emptiness** with the client. Where is it felt? When is it heavier or lighter? What does it resemble?
- **Explore values already lived.** What has the client cared about, even briefly? What angers them? Anger often marks a value being violated.
- **Notice engagement when it happens**, including in the session, when the client's voice quickens about something.
- **Tolerate not knowing.** Meaning may take months to emerge, and it will be the client's, not yours.

### Safeguarding

"What's the point?" can signal suicidal thinking. Ask directly whether the client has thoughts of ending their life, and assess risk according to your training and your agency's policy. Persistent emptiness with low mood, changes in sleep and appetite, or hopelessness may indicate depression that needs medical assessment. Use supervision, and refer where appropriate, alongside the existential work rather than instead of it.

## Exercise: A Values Conversation

1. With a colleague, take turns speaking for fifteen minutes, as yourself, about a period in your life when things felt pointless.
2. The listener may only ask descriptive questions (what, when, how, where) and reflect back, never advise.
3. The listener listens for values hidden in complaints, anger and moments of energy.
4. At the end, the listener tentatively offers back two or three values they heard, and the speaker says which fit.
5. Discuss what it was like to be listened to without being given answers.

## Sources

- Irvin D. Yalom, *Existential Psychotherapy* (1980).
- Viktor E. Frankl, *Man's Search for Meaning* (1946/1959).
- Albert Camus, *The Myth of Sisyphus* (1942).`,
          assessments: [
            {
              title: "Exploring a Client's Values",
              kind: "exercise",
              prompt:
                "Imagine a fictional client in their thirties who says that nothing feels worth doing any more and asks you what the point of it all is. Write six to eight descriptive questions you might ask over a session to explore the emptiness and the values already present in their life, and note beside each what you would be listening for. Then write a short paragraph on how you would check for risk and when you would consider referral. Keep the client fictional or composite, with no identifying details.",
            },
          ],
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
          recording: lessonRecordings.bracketing,
          body: `Before we can hear another person, we have to notice how much we already think we know. Every counsellor arrives in the room with theories, training, cultural habits, personal history and private hopes for the client. None of this can simply be switched off. The phenomenological method, which lies at the heart of existential practice, begins with the attempt to recognise these assumptions and hold them lightly, so that what the client actually says has room to show itself. This lesson introduces that first step, known as **bracketing** or the *epoché*.

## Husserl and the Natural Attitude

Edmund Husserl (1859–1938), the founder of phenomenology, called for a return "to the things themselves": to experience as it is actually given, before we overlay it with explanations. In ordinary life we live in what he called the **natural attitude**, taking for granted that the world is as it seems and that our categories fit it. In *Ideas I* (1913) he described the **epoché**, from a Greek word for suspension or holding back: a deliberate setting aside of these assumptions so that experience can be examined afresh. Husserl used the image of **bracketing**, borrowed from mathematics: the assumptions are not deleted, but placed in brackets and held to one side.

## Can We Ever Fully Bracket?

Maurice Merleau-Ponty gave the honest answer in the preface to *Phenomenology of Perception*:

> The most important lesson which the reduction teaches us is the impossibility of a complete reduction.
>
> — Maurice Merleau-Ponty, *Phenomenology of Perception* (1945)

We can never step outside ourselves completely, and existential practitioners take this seriously. Bracketing is not a state of perfect neutrality; it is an ongoing practice of noticing. Each time we catch an assumption at work, its grip loosens a little. Ernesto Spinelli, who has done much to translate phenomenology into therapeutic practice, makes the **rule of epoché** the first step of the phenomenological method: setting aside initial biases, expectations and assumptions in order to attend to the client's experience as it presents itself.

## What Needs Bracketing

Assumptions come in several kinds:

- **Theoretical**: "This is clearly an attachment issue," "This is avoidance," "This is her father all over again."
- **Personal**: your own history with divorce, illness, religion, ambition or family, which can make some stories feel familiar when they are not.
- **Cultural**: ideas about what is normal in families, relationships, gender, work, grief or success.
- **Professional**: hopes for the client's progress, anxiety about being a good counsellor, the wish to be liked.
- **Linguistic**: assuming the client's words mean what they would mean if you used them. "Depressed", "fine" and "close" mean different things to different people.

## Bracketing in Practice

Bracketing is less a technique than an attitude of curious not-knowing. In practice it may look like:

- Asking what a word means to the client rather than assuming.
- Noticing a strong reaction in yourself, such as irritation, protectiveness or boredom, and treating it first as information about you.
- Writing down your assumptions after a session and marking which ones the client actually confirmed.
- Taking the assumptions you cannot set aside to supervision or to your own therapy.

Bracketing does not mean abandoning professional judgement. Where there is risk to the client or to others, your duty of care comes before methodological purity.

## The Guided Recording

This lesson comes with a short guided recording. It guides you through a short bracketing exercise: bringing to mind a person or situation you will soon meet, noticing what you already think you know, putting one assumption into words and setting it to one side, and then describing only what appears. You can return to it before sessions as a brief preparation. Listen somewhere you will not be interrupted; the transcript is below the player if you prefer to read it or want to revisit a particular step.

## Exercise: Before and After

1. Before your next session with a client, or your next significant conversation if you are not practising, take five minutes to list what you expect: what they will talk about, how they will be, what they need.
2. Sort your list into theoretical, personal, cultural, professional and linguistic assumptions.
3. During the conversation, do not try to suppress these; simply notice when one of them is active.
4. Afterwards, mark each expectation as confirmed, contradicted or untested.
5. Write a short note on what you might not have heard if you had held your assumptions tightly.

## Sources

- Edmund Husserl, *Logical Investigations* (1900–1901) and *Ideas I* (1913).
- Maurice Merleau-Ponty, *Phenomenology of Perception* (1945).
- Ernesto Spinelli, *The Interpreted World* (1989; 2nd edition 2005) and *Practising Existential Therapy* (2007).`,
          assessments: [
            {
              title: "Noticing My Assumptions",
              kind: "exercise",
              prompt:
                "After listening to the guided recording or completing the 'Before and After' exercise, list at least three assumptions you noticed, label each as theoretical, personal, cultural, professional or linguistic, and say whether it was confirmed, contradicted or untested. Then write a paragraph about the assumption that was hardest to set aside: where you think it comes from and what you will do with it, for example in supervision or personal therapy. Describe clients only in general terms, without names or any identifying details.",
            },
          ],
        },
        {
          title: "Describing, Not Explaining",
          description: "Staying close to lived experience with descriptive questions instead of interpretation and diagnosis.",
          duration: 30,
          body: `Once assumptions have been noticed and held to one side, what do we do instead? Phenomenology's answer is deceptively simple: **describe**. Stay with what is actually being experienced, in as much concrete detail as possible, before reaching for explanations of why it is happening. For counsellors trained to formulate, interpret and diagnose, this can feel like a step backwards. In practice it is often the way forward, because explanations that arrive too early close down the very experience the client needs to explore.

## Spinelli's Three Steps

Ernesto Spinelli describes the phenomenological method as three interlinked rules:

1. **The rule of epoché**: set aside assumptions and expectations, the subject of the previous lesson.
2. **The rule of description**: describe, don't explain. Stay with what appears, rather than moving straight to theories about its causes.
3. **The rule of horizontalisation**, sometimes called equalisation: avoid placing an initial hierarchy of importance on the items of a description. Treat every detail as potentially significant, rather than deciding in advance what matters.

The three work together. Bracketing makes description possible, and horizontalisation keeps explanation from sneaking back in through the side door.

## Why "Why?" Is Often Unhelpful

Questions beginning with *why* invite explanation. "Why do you think you get so anxious at parties?" asks the client to step out of the experience and theorise about it, which often produces the explanations they already have, and those have not helped. It can also sound like a demand for justification.

Descriptive questions keep the client close to lived experience:

- "What happens just before you leave?"
- "Where do you notice it in your body?"
- "What is it like to be in that room?"
- "When you say 'awkward', what is that like for you?"
- "What else was there?"

An illustration. A client says her Sunday evenings are unbearable. An explaining response might be: "That sounds like anticipatory anxiety about work." A describing response might be: "Could you take me through last Sunday evening, from about six o'clock?" The first offers a label. The second may reveal that the dread begins not with thoughts of work but with the silence in the flat after her daughter goes back to university, which opens a quite different conversation.

## Horizontalisation in the Room

Clients often signal what they think is important and what they think is trivial: "It's silly, but...", "Anyway, that doesn't matter." Horizontalisation invites the counsellor to give these asides the same attention as the headline story. The same applies to the counsellor's own sense of what is interesting. A throwaway detail about a grandmother's kitchen may carry more than the carefully prepared account of the divorce.

## Where Explanation Belongs

Describing rather than explaining does not mean that explanation, assessment or diagnosis is never appropriate. Risk must be assessed. Medical causes of symptoms may need ruling out. A client may benefit from clear information about panic, grief or trauma. Existential practitioners simply resist making explanation their **default**, and try to let understanding emerge from description rather than be imposed on it. When you do offer an interpretation, offer it tentatively, as a possibility the client is free to reject.

## Exercise: Descriptive Questioning Practice

1. With a colleague, agree on a small, real, low-stakes experience from their week: a tense phone call, a pleasant walk, a disappointing meal.
2. For ten minutes, ask only descriptive questions. No *why*, no interpretations, no advice.
3. Keep a tally, or ask a third person to keep one, of any slips into explanation.
4. Practise horizontalisation: return at least once to a detail the speaker treated as unimportant.
5. Swap roles. Then discuss what emerged that would not have emerged through explanation, and what it felt like to be asked these questions.

## Sources

- Ernesto Spinelli, *The Interpreted World* (1989; 2nd edition 2005) and *Practising Existential Therapy* (2007).
- Edmund Husserl, *Ideas I* (1913).
- Emmy van Deurzen, *Existential Counselling and Psychotherapy in Practice* (1988; 3rd edition 2012).`,
          assessments: [
            {
              title: "Descriptive Questioning Practice",
              kind: "exercise",
              prompt:
                "Write up the descriptive questioning practice you did with a colleague. Record five or six of the descriptive questions you asked, any moments when you slipped into explaining or asking 'why', and one detail you returned to through horizontalisation together with what it opened up. Finish with a few sentences on what you will do differently in your next session. Describe your practice partner's material only in general terms, and include no identifying details of any client.",
            },
            {
              title: "Phenomenological Method Quiz",
              kind: "quiz",
              questions: [
                {
                  prompt: "Which three rules make up the phenomenological method as Spinelli describes it?",
                  choices: [
                    {
                      text: "Assessment, diagnosis and treatment.",
                      explanation:
                        "These belong to a medical model; the lesson presents description as an alternative default to diagnosis.",
                    },
                    {
                      text: "Empathy, congruence and unconditional positive regard.",
                      explanation: "These are Carl Rogers's core conditions, not Spinelli's rules of the phenomenological method.",
                    },
                    {
                      text: "Epoché, description and horizontalisation.",
                      explanation: "Correct. Set aside assumptions, describe rather than explain, and avoid ranking details in advance.",
                    },
                  ],
                  correct: 2,
                },
                {
                  prompt: "What does the rule of horizontalisation ask of the counsellor?",
                  choices: [
                    {
                      text: "To treat every detail as potentially significant rather than deciding in advance what matters.",
                      explanation: "Correct. Horizontalisation, or equalisation, avoids an initial hierarchy of importance.",
                    },
                    {
                      text: "To keep the conversation at a calm, even emotional level.",
                      explanation: "Horizontalisation concerns how details are weighted, not the emotional temperature of a session.",
                    },
                    {
                      text: "To focus on the headline problem and set aside minor asides.",
                      explanation:
                        "This is the opposite: asides like 'it's silly, but...' deserve the same attention as the headline story.",
                    },
                  ],
                  correct: 0,
                },
                {
                  prompt: "Which of these is a descriptive question in the sense used in the lesson?",
                  choices: [
                    {
                      text: "Why do you think you always sabotage your relationships?",
                      explanation: "A 'why' question invites theorising and can sound like a demand for justification.",
                    },
                    {
                      text: "Isn't this really about your mother?",
                      explanation: "This is an interpretation imposed by the counsellor, not a description of the client's experience.",
                    },
                    {
                      text: "That sounds like anticipatory anxiety, doesn't it?",
                      explanation: "This offers a label, which is an explanation rather than an invitation to describe.",
                    },
                    {
                      text: "Could you take me through last Sunday evening, from about six o'clock?",
                      explanation: "Correct. It invites concrete detail of lived experience without supplying an explanation.",
                    },
                  ],
                  correct: 3,
                },
                {
                  prompt: "Why are 'why' questions often unhelpful in existential work?",
                  choices: [
                    {
                      text: "Because clients never know the reasons for their behaviour.",
                      explanation: "The lesson does not claim this; the concern is where the question takes the client.",
                    },
                    {
                      text: "Because they pull the client out of experience into theorising, often repeating explanations that have not helped.",
                      explanation: "Correct. They can also sound like a demand for justification.",
                    },
                    {
                      text: "Because professional bodies forbid them.",
                      explanation: "There is no such rule; this is a matter of method, not regulation.",
                    },
                  ],
                  correct: 1,
                },
                {
                  prompt: "According to the lesson, what is the place of explanation and diagnosis in existential practice?",
                  choices: [
                    {
                      text: "They are never appropriate and should always be avoided.",
                      explanation: "The lesson says risk must be assessed and medical causes may need ruling out.",
                    },
                    {
                      text: "They should come first, with description used only to confirm them.",
                      explanation: "This reverses the method: understanding should emerge from description, not be imposed on it.",
                    },
                    {
                      text: "They have a place, for example in assessing risk, but are not the default, and interpretations are offered tentatively.",
                      explanation:
                        "Correct. Existential practitioners resist making explanation their default and offer interpretations as possibilities the client may reject.",
                    },
                  ],
                  correct: 2,
                },
              ],
            },
          ],
        },
        {
          title: "Working in the Here and Now",
          description: "Using the relationship between counsellor and client as it unfolds in the session as a source of insight.",
          duration: 40,
          body: `Most of what clients tell us concerns other places and other times: last week's argument, a childhood kitchen, tomorrow's interview. All of it matters. But there is one relationship that both client and counsellor can observe directly, as it happens, and that is the one unfolding between them in the room. Existential practitioners pay close attention to this **here and now**, because the way a person is with their counsellor often shows, in miniature and in real time, the way they are with the world.

## Why the Here and Now?

Irvin Yalom, first in his work with groups and later in *The Gift of Therapy* (2002), argued that the here and now is the great engine of therapeutic work. Reports of the past are filtered through memory and self-justification. What happens in the session is shared, immediate and open to exploration. If a client says that people always find them boring, and then spends twenty minutes narrating events in a flat, distant voice, you have more than a report: you have an experience of the pattern, and a chance to explore it together.

Yalom's practice involves two moves. The first is **noticing** what is happening between you. The second is **process commentary**: stepping back with the client to reflect on the interaction itself, rather than only on the content of what is being said.

## Spinelli's Realms of Encounter

Ernesto Spinelli offers a useful map in *Practising Existential Therapy* (2007). He suggests that the counsellor can invite exploration from different angles, which he calls realms of encounter:

- **I-focused**: what is the client experiencing in themselves, right now, as they speak?
- **You-focused**: what is the client's experience of the counsellor, here and now?
- **We-focused**: what is the client's experience of the two of them together, of this relationship?

Many counsellors are comfortable with the first and avoid the second and third, which can feel exposing. Yet it is often in the you-focused and we-focused realms that the most important discoveries happen.

## What Here-and-Now Work Sounds Like

- "As you were telling me that, I noticed your voice dropped. What's happening for you now?"
- "How is it, talking about this with me?"
- "You mentioned that people often seem to lose interest in you. I'm wondering whether you've felt that here."
- "Something seems to have shifted between us in the last few minutes. Did you notice it too?"

These are invitations, not accusations. The aim is shared curiosity.

## Presence and Self-Disclosure

Here-and-now work asks the counsellor to be present as a person, not hidden behind technique. James Bugental, an American existential-humanistic therapist, made **presence** central to his work: being fully there, attending both to the client and to oneself. This sometimes means disclosing your own reactions in the moment, something Yalom did relatively freely. Useful questions to ask yourself are whether a disclosure is for the client's benefit or yours, whether it keeps the focus on the client's experience, and whether you would be comfortable discussing it in supervision. Disclosing details of your own life outside the room is a different matter and calls for more caution still.

## Timing and Care

Here-and-now work is powerful, and it can feel intrusive if it comes too early, before trust exists. Some clients, especially those with histories of trauma or of intrusive relationships, may experience direct attention to the relationship as pressure. Go gently, explain what you are doing and why, ask permission, and be ready to step back. Pay attention, too, to how the client leaves the session, and bring anything that unsettles you to supervision.

## Exercise: Tracking the Room

1. After a session, or a significant conversation if you are not practising, set aside ten minutes.
2. Write down three moments when something shifted between you and the other person: a silence, a change in tone, a laugh, a withdrawal.
3. For each, note what you felt at the time and what you did with it.
4. Choose one moment and write an I-focused, a you-focused and a we-focused question you might have asked.
5. Consider what stopped you asking, if you did not, and take this to supervision.

## Sources

- Irvin D. Yalom, *The Gift of Therapy* (2002) and *The Theory and Practice of Group Psychotherapy* (1970; later editions).
- Ernesto Spinelli, *Practising Existential Therapy* (2007).
- James F. T. Bugental, *The Art of the Psychotherapist* (1987).`,
          assessments: [
            {
              title: "A Session Remembered",
              kind: "reflection",
              prompt:
                "Recall a session, or if you are not yet practising a significant conversation, in which something important happened between you and the other person in the moment. Describe what happened, what you felt, and what you did or did not say, then write the I-focused, you-focused and we-focused questions you might have asked. Reflect on what helped or hindered you in working with the here and now. Change or leave out any details that could identify a client.",
            },
          ],
        },
      ],
    },
    {
      title: "Ethics and Reflective Practice",
      description: "Working responsibly with questions of meaning, and integrating existential ideas into your own way of practising.",
      lessons: [
        {
          title: "Boundaries, Humility and Referral",
          description:
            "Knowing the limits of philosophical conversation, recognising risk, and when and how to refer a client to other support.",
          duration: 35,
          body: `Existential ideas are powerful, and their power brings particular risks. It is possible to philosophise when someone needs protection, to talk about freedom to a person whose freedom is being taken away by someone else, or to treat a serious illness as a crisis of meaning. This lesson is about the limits of philosophical conversation: knowing your role and your competence, recognising risk, and referring clients to other support with care and without abandoning them.

## The Limits of the Method

Existential work assumes a certain capacity in the client: to reflect, to tolerate uncertainty, to stay with difficult experience. Some people, at some times, do not have that capacity available. A person in acute crisis, in a psychotic episode, in the grip of an eating disorder, severe depression or active addiction, or living with domestic abuse, may need medical care, specialist treatment, safety planning or practical support first. Existential exploration may come later, or alongside, but it is not the first response.

Be especially alert to **philosophy as defence**. Clients, and counsellors, sometimes retreat into abstract discussion of meaning and mortality because it is safer than feeling. If a session turns into an intellectual seminar, ask what is being avoided.

## Know Your Role

Counselling, psychotherapy, coaching and philosophical conversation are different activities, with different training, contracts and responsibilities. If you are a coach, your contract is likely to be about goals and performance, and you may not be trained or insured to work with mental health difficulties. If you are a counsellor, your competence has its own edges. The ethical frameworks of professional bodies, such as the British Association for Counselling and Psychotherapy's *Ethical Framework for the Counselling Professions* in the UK, ask practitioners to work within their competence, to be honest about its limits and to use supervision. This course adds to your thinking; it does not extend your scope of practice.

## Recognising Risk

Signs that call for a change of focus include:

- Talk of suicide, self-harm or wishing not to exist, including indirect hints such as "It won't matter soon."
- Risk to others, including children or vulnerable adults.
- Signs of abuse or coercive control.
- Marked changes in sleep, appetite or functioning, or symptoms that may have a medical cause.
- Confusion, or unusual beliefs and perceptions that may indicate psychosis.

When you notice these, **ask directly** and calmly. Asking about suicidal thoughts does not put the idea into someone's head; it gives them permission to speak. Follow your organisation's procedures, record what you did, and contact your supervisor promptly. In an emergency, contact the emergency services.

## How to Refer Well

Referral is not a failure or a dismissal. Done well, it is an act of care:

1. **Explain honestly** why you think other support would help, framed in terms of the client's needs rather than your discomfort.
2. **Involve the client** in choosing where to go wherever possible, sharing information about options such as their doctor, specialist services, crisis lines and local agencies.
3. **Respect confidentiality** and its limits, which you should have explained when you agreed to work together.
4. **Bridge the gap**: help with the first contact if appropriate, and be clear about whether and how your own work will continue.
5. **Record** your reasoning and discuss it in supervision.

## Humility

Existential practice asks counsellors to adopt an attitude of not-knowing about the client's world. The same humility applies to ourselves. We do not know in advance what a client needs; we may be wrong about our own competence; and enthusiasm for a philosophy can lead us to see it everywhere. Regular supervision, personal therapy and honest conversation with peers are not optional extras. They are how a practitioner stays safe, for the client's sake and their own.

## Exercise: A Referral Conversation

1. With a colleague, role-play a client who, midway through a session about career choices, mentions that they have been drinking heavily and not sleeping.
2. As the practitioner, practise asking directly about risk and wellbeing, and then raising the possibility of additional support.
3. Afterwards, ask your colleague how the referral felt: caring, abrupt, frightening, relieving.
4. Swap roles.
5. Write a brief case note, with no identifying details, recording what was said, what you decided and what you would take to supervision.

## Sources

- British Association for Counselling and Psychotherapy, *Ethical Framework for the Counselling Professions* (2018).
- Emmy van Deurzen, *Existential Counselling and Psychotherapy in Practice* (1988; 3rd edition 2012).
- Ernesto Spinelli, *Practising Existential Therapy* (2007).`,
          assessments: [
            {
              title: "Ethics and Referral Quiz",
              kind: "quiz",
              questions: [
                {
                  prompt:
                    "A client exploring questions of meaning says, almost in passing, 'It won't matter soon anyway.' What should the practitioner do?",
                  choices: [
                    {
                      text: "Treat it as a philosophical remark about mortality and continue exploring meaning.",
                      explanation:
                        "Indirect hints like this are listed as possible signs of suicidal thinking; the focus must shift to risk.",
                    },
                    {
                      text: "Ask directly and calmly about suicidal thoughts, follow organisational procedures and contact a supervisor.",
                      explanation:
                        "Correct. Asking directly gives permission to speak, and risk takes priority over philosophical exploration.",
                    },
                    {
                      text: "Avoid mentioning suicide in case it puts the idea into the client's head.",
                      explanation: "The lesson states that asking about suicidal thoughts does not put the idea into someone's head.",
                    },
                  ],
                  correct: 1,
                },
                {
                  prompt: "What does the lesson mean by 'philosophy as defence'?",
                  choices: [
                    {
                      text: "Using philosophical arguments to defend the client's rights.",
                      explanation: "The phrase refers to avoidance, not advocacy.",
                    },
                    {
                      text: "The counsellor's duty to justify their method philosophically.",
                      explanation: "The lesson is concerned with retreat from feeling, not with justifying the method.",
                    },
                    {
                      text: "Retreating into abstract discussion of meaning or mortality because it is safer than feeling.",
                      explanation:
                        "Correct. Both clients and counsellors can do this; if a session becomes a seminar, ask what is being avoided.",
                    },
                  ],
                  correct: 2,
                },
                {
                  prompt: "How does completing this course relate to a coach's or counsellor's scope of practice?",
                  choices: [
                    {
                      text: "It adds to their thinking but does not extend their scope of practice.",
                      explanation:
                        "Correct. Practitioners must still work within the competence their training, contract and insurance support.",
                    },
                    {
                      text: "It qualifies coaches to work with mental health difficulties.",
                      explanation:
                        "The course is professional development, not accredited training, and does not change what a coach is trained or insured to do.",
                    },
                    {
                      text: "It replaces the need for supervision when working existentially.",
                      explanation: "The lesson insists that supervision is not an optional extra.",
                    },
                  ],
                  correct: 0,
                },
                {
                  prompt: "Which of these is part of referring a client well?",
                  choices: [
                    {
                      text: "Ending contact immediately so the client engages fully with the new service.",
                      explanation: "Good referral bridges the gap and makes clear whether and how your own work will continue.",
                    },
                    {
                      text: "Explaining that you find their problems too difficult to hear.",
                      explanation: "Referral should be framed in terms of the client's needs, not the practitioner's discomfort.",
                    },
                    {
                      text: "Deciding on the new service yourself without discussing it, to save the client effort.",
                      explanation: "The lesson asks you to involve the client in choosing where to go wherever possible.",
                    },
                    {
                      text: "Explaining honestly why other support may help, involving the client in the choice and recording your reasoning.",
                      explanation: "Correct. Done this way, referral is an act of care rather than a dismissal.",
                    },
                  ],
                  correct: 3,
                },
              ],
            },
            {
              title: "Where Are My Limits?",
              kind: "reflection",
              prompt:
                "Describe the edges of your own competence as they stand today: the kinds of difficulty, client group or risk you feel equipped to work with, and those you do not. Write about a time, in practice or in another helping role, when you were unsure whether something was within your limits, what you did, and what you would do now. List the referral options and supports available to you, including supervision. Leave out any details that could identify a client.",
            },
          ],
        },
        {
          title: "Case Study: Choice at a Crossroads",
          description:
            "Follow an extended case from first session to ending and apply the ideas of the whole course to a client facing a major decision.",
          duration: 45,
          body: `This final lesson follows a single piece of work from first meeting to ending. The client, whom we will call Ruth, is fictional: a composite drawn from many sources, with every detail invented or changed, and she does not correspond to any real person. The case is offered not as a model of perfect practice but as a way of seeing how the ideas of the whole course, the givens, the phenomenological method, the here and now and ethical care, might come together in an ordinary piece of work over ten sessions.

## The Presenting Situation

Ruth is 44 and has worked for nineteen years as a solicitor in a mid-sized firm. She has been offered partnership, the goal she has worked towards for most of her career. At the same time, eight months after her father's death, she has been spending her evenings at a pottery class and has begun to imagine leaving the law altogether. She has six weeks to respond to the offer. She comes to counselling saying, "I need someone to tell me whether I'm being ridiculous."

## Early Sessions: Bracketing and Description

The counsellor notices an immediate pull. They once left a corporate career themselves, and part of them wants to cheer Ruth on. Recognising this as a **personal assumption**, they note it and take it to supervision after the first session. They also notice a theoretical temptation, to see the pottery as grief in disguise, and bracket this too.

Instead, they invite **description**. What is it like on the evening of a pottery class? What happens in her body as she walks into the office? Through **horizontalisation**, the counsellor returns to a detail Ruth dismisses in passing: she has not told her partner about the class. This turns out to matter a great deal.

The counsellor also asks, gently and directly, how Ruth is sleeping and eating, and whether her grief has ever brought thoughts of not wanting to live. Ruth says no, and describes sleeping poorly but otherwise managing well. The counsellor records this and keeps it in mind.

## Middle Sessions: The Givens Appear

As the work deepens, the four givens emerge without ever being introduced as theory:

- **Death**: Ruth's father worked until the week he fell ill, and often spoke of what he would do "when he retired". She has begun to feel her own time as finite. The counsellor hears this as an **awakening experience** in Yalom's sense.
- **Freedom**: Ruth says, "I can't turn down partnership." Exploring the phrase, she comes to say, "I'm frightened to turn it down." She is moving from wishing towards willing, and discovering that any decision will involve renunciation.
- **Isolation**: She realises that no one, not her partner, her colleagues nor the counsellor, can make this choice for her. This is painful and also, she says, oddly steadying.
- **Meaning**: Rather than asking what the meaning of her life is, she starts to notice where she is most engaged: in the studio, but also, to her surprise, in mentoring junior colleagues.

## A Here-and-Now Moment

In the sixth session Ruth asks directly, "What would you do?" The counsellor feels the pull to answer. Instead, they say they notice she is asking them to decide, and wonder aloud what it is like for her to ask. Ruth is quiet, then says that she has always let her father, and then the firm, decide what counted as success. The question to the counsellor was, in miniature, the very pattern she was trying to leave. Like Sartre's student, she had partly chosen her adviser in the hope of a particular answer.

## Ending

Ruth decides to decline partnership for now and to negotiate a four-day week, keeping open the possibility of a larger change in two years. The counsellor has no stake in whether this is the right decision. What matters, existentially, is that Ruth experiences the choice as **hers**, made in awareness of what she is giving up, rather than as something that happened to her. In the final session they review what she has learned, and the counsellor reminds her of other sources of support should her grief deepen.

## Ethical Threads

Throughout, the counsellor used supervision to examine their own investment, checked for risk rather than assuming grief was benign, was honest about the limits of their role and avoided presenting existential ideas as a doctrine. Had Ruth's low mood deepened, or had she disclosed thoughts of suicide, the focus would have moved to safety and, where appropriate, referral.

## Exercise: Your Own Formulation

1. Reread the case and note, for each stage, which concepts from the course you see at work.
2. Identify one point where you might have acted differently, and say why.
3. Note one assumption of your own that the case stirred up.
4. Sketch how you would write a brief case note on the sixth session that protects confidentiality.
5. Consider what you would want to take to supervision if Ruth were your client.

## Sources

- Irvin D. Yalom, *Existential Psychotherapy* (1980), *The Gift of Therapy* (2002) and *Staring at the Sun* (2008).
- Ernesto Spinelli, *Practising Existential Therapy* (2007).
- Emmy van Deurzen, *Existential Counselling and Psychotherapy in Practice* (1988; 3rd edition 2012).
- Jean-Paul Sartre, *Existentialism Is a Humanism* (1946).`,
          assessments: [
            {
              title: "Case Formulation",
              kind: "exercise",
              prompt:
                "Write a short existential formulation of Ruth's situation under four headings: how the four givens appear in her life; the assumptions a counsellor would need to bracket; the key moments in the work, including the here-and-now exchange; and the ethical and risk considerations. Say at each point which ideas from the course you are drawing on. Ruth is fictional, so you may use her name, but if you compare her with anyone you have worked with, keep it general and leave out any identifying details.",
            },
            {
              title: "Reflective Commentary",
              kind: "reflection",
              prompt:
                "Looking back over the whole course, write about how existential ideas have changed or confirmed the way you practise, or intend to practise. Choose two ideas you will take forward and describe concretely how they will show up in your work, and one idea you have reservations about and why. End with what you want to take to supervision or further training. Do not include identifying details of any client.",
            },
            {
              title: "Final Course Quiz",
              kind: "quiz",
              questions: [
                {
                  prompt:
                    "The counsellor notices a wish to cheer Ruth on because they once left a corporate career themselves. How does the case handle this?",
                  choices: [
                    {
                      text: "The counsellor shares their story so Ruth feels less alone.",
                      explanation:
                        "The case does not describe this; the counsellor treats the pull as something of their own to set aside.",
                    },
                    {
                      text: "The counsellor recognises it as a personal assumption, brackets it and takes it to supervision.",
                      explanation:
                        "Correct. Bracketing means noticing an assumption and holding it to one side, with supervision for what is hard to set aside.",
                    },
                    {
                      text: "The counsellor ignores it, since bracketing means having no personal reactions.",
                      explanation:
                        "Bracketing is not perfect neutrality; it is an ongoing practice of noticing reactions and holding them lightly.",
                    },
                  ],
                  correct: 1,
                },
                {
                  prompt:
                    "Returning to Ruth's passing remark that she has not told her partner about the pottery class is an example of which rule?",
                  choices: [
                    {
                      text: "The rule of epoché.",
                      explanation: "Epoché is about setting aside assumptions, not about how details are weighted.",
                    },
                    {
                      text: "Paradoxical intention.",
                      explanation:
                        "Paradoxical intention is one of Frankl's techniques for anticipatory anxiety, not a rule of the phenomenological method.",
                    },
                    {
                      text: "Process commentary.",
                      explanation:
                        "Process commentary reflects on the interaction between counsellor and client, not on a detail of the client's story.",
                    },
                    {
                      text: "The rule of horizontalisation.",
                      explanation:
                        "Correct. Horizontalisation treats a dismissed detail as potentially as significant as the headline story.",
                    },
                  ],
                  correct: 3,
                },
                {
                  prompt:
                    "Ruth moves from 'I can't turn down partnership' to 'I'm frightened to turn it down'. What does this shift illustrate?",
                  choices: [
                    {
                      text: "Owning her freedom and responsibility: recognising a choice, and the fear around it, where she had seen only necessity.",
                      explanation: "Correct. The change in language reveals authorship and the renunciation any decision involves.",
                    },
                    {
                      text: "A defence of specialness against death anxiety.",
                      explanation:
                        "Specialness is the belief that ordinary rules do not apply to me; the shift here concerns responsibility and choice.",
                    },
                    {
                      text: "Bad faith, because fear is always an excuse.",
                      explanation: "Naming her fear is a move away from bad faith, not into it.",
                    },
                  ],
                  correct: 0,
                },
                {
                  prompt: "When Ruth asks 'What would you do?', how does the counsellor respond?",
                  choices: [
                    {
                      text: "They give an honest answer, since withholding it would be unhelpful.",
                      explanation: "The counsellor feels the pull to answer but chooses not to decide for her.",
                    },
                    {
                      text: "They refuse to respond and change the subject.",
                      explanation: "The counsellor does respond, by exploring the question itself.",
                    },
                    {
                      text: "They notice aloud that she is asking them to decide and explore what it is like for her to ask.",
                      explanation: "Correct. This here-and-now response reveals the pattern of letting others define success.",
                    },
                  ],
                  correct: 2,
                },
                {
                  prompt: "Ruth's realisation that no one else can make this choice for her most directly reflects which given?",
                  choices: [
                    {
                      text: "Existential isolation.",
                      explanation: "Correct. Each of us must make our own choices; no relationship can remove that separateness.",
                    },
                    {
                      text: "Meaninglessness.",
                      explanation:
                        "Her meaning-related discovery is about engagement in the studio and in mentoring, not this realisation.",
                    },
                    {
                      text: "Death.",
                      explanation: "Death appears through her father's death and her sense of finite time, not this realisation.",
                    },
                  ],
                  correct: 0,
                },
                {
                  prompt: "From an existential point of view, what matters most about the ending of Ruth's counselling?",
                  choices: [
                    {
                      text: "That she chose the option the counsellor thought best.",
                      explanation: "The counsellor deliberately has no stake in which decision she makes.",
                    },
                    {
                      text: "That she experiences the choice as her own, made in awareness of what she is giving up.",
                      explanation:
                        "Correct. Ownership of the choice, including its renunciation, is what matters, not which option she picks.",
                    },
                    {
                      text: "That she left the law completely, as her pottery class suggested.",
                      explanation: "She in fact chose a four-day week, and the case stresses that the outcome itself is not the point.",
                    },
                    {
                      text: "That her grief was fully resolved before the final session.",
                      explanation:
                        "The counsellor reminds her of other support should her grief deepen; resolving grief was not the measure of the work.",
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

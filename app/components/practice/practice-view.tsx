import { formatMinutes, transcriptParagraphs } from "~/lib/format";
import { SavePracticeButton } from "~/components/practice/save-practice-button";
import { PracticePlayer } from "~/components/practice/practice-player";
import { PracticePlayerExtras } from "~/components/practice/practice-player-extras";
import { Badge, practiceBadgeTone } from "~/components/ui/badge";

export type PracticeViewData = {
  id: number;
  title: string;
  description: string;
  imageUrl: string;
  category: string;
  duration: number;
  focus: string;
  audioUrl: string;
  transcript: string;
};

/** A practice's page: the public route's and the admin preview's (app/routes/admin/preview.tsx), so a draft looks as it will. */
export function PracticeView({ practice, next }: { practice: PracticeViewData; next: { id: number; title: string } | null }) {
  const paragraphs = transcriptParagraphs(practice.transcript);
  return (
    <div>
      <header className="relative isolate overflow-hidden">
        <img
          src={practice.imageUrl}
          alt=""
          width={1200}
          height={675}
          fetchPriority="high"
          className="absolute inset-0 -z-10 h-full w-full object-cover"
        />
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-black/80 via-black/55 to-black/30" />
        <div className="mx-auto max-w-3xl px-4 pb-12 pt-28 text-white sm:px-6">
          <Badge tone={practiceBadgeTone(practice.category)}>
            {practice.duration} minute {practice.category} practice
          </Badge>
          <h1 className="mt-4 font-serif text-4xl font-semibold leading-tight sm:text-5xl">{practice.title}</h1>
          <p className="mt-4 text-lg text-white/90">{practice.description}</p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl space-y-12 px-4 py-10 sm:px-6">
        <PracticePlayer
          key={practice.id}
          audioUrl={practice.audioUrl}
          durationMinutes={practice.duration}
          title={practice.title}
          artworkUrl={practice.imageUrl}
          resumeKey={`practice:${practice.id}`}
          next={next && { href: `/practices/${next.id}`, title: next.title }}
          extras={(player) => <PracticePlayerExtras {...player} resumeKey={`practice:${practice.id}`} />}
          action={<SavePracticeButton practiceId={practice.id} title={practice.title} withLabel />}
        />

        <section aria-labelledby="transcript-heading">
          <h2 id="transcript-heading" className="font-serif text-2xl font-semibold">
            Transcript
          </h2>
          <div className="mt-4 space-y-4 text-muted-foreground">
            {paragraphs.map((paragraph, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs split from one transcript string have no id and never reorder
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        </section>

        <section aria-labelledby="before-heading">
          <h2 id="before-heading" className="font-serif text-2xl font-semibold">
            Before You Begin
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-6 text-muted-foreground">
            <li>Find a quiet place where you will not be interrupted for the length of the practice.</li>
            <li>Sit or lie in a position that is comfortable but alert; let your hands rest.</li>
            <li>Silence notifications. If you are listening, headphones help.</li>
            <li>There is nothing to achieve. Whatever you notice is part of the practice.</li>
          </ul>
        </section>

        <section aria-labelledby="overview-heading">
          <h2 id="overview-heading" className="font-serif text-2xl font-semibold">
            Practice Overview
          </h2>
          <p className="mt-4 text-muted-foreground">
            This is a {practice.category.toLowerCase()} practice of about {formatMinutes(practice.duration)}. Its focus is{" "}
            <strong className="text-foreground">{practice.focus.toLowerCase()}</strong>: the guidance returns to it whenever the mind
            wanders, as minds do.
          </p>
        </section>

        <section aria-labelledby="benefits-heading">
          <h2 id="benefits-heading" className="font-serif text-2xl font-semibold">
            Benefits
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-6 text-muted-foreground">
            <li>Steadier attention and a calmer nervous system.</li>
            <li>More room between what happens and how you respond.</li>
            <li>A clearer sense of what matters to you, and what does not.</li>
            <li>Kinder, more patient attention to your own experience.</li>
          </ul>
        </section>

        <section aria-labelledby="after-heading">
          <h2 id="after-heading" className="font-serif text-2xl font-semibold">
            After the Practice
          </h2>
          <p className="mt-4 text-muted-foreground">
            Take a moment before moving on. Notice how you feel now compared with when you began, without judging the difference. If
            something came up that you would like to remember, write a line or two in a journal. Small, regular practice does more than
            occasional long sessions.
          </p>
        </section>
      </div>
    </div>
  );
}

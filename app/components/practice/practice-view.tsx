import type { ReactNode } from "react";
import { MarkdownBody } from "~/components/content/markdown-body";
import { formatMinutes } from "~/lib/format";
import type { Block } from "~/lib/markdown";
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
  /** The script's safe Markdown tree, without its stage directions (app/server/content/practice-script.server.ts). */
  script: Block[];
};

/** A practice's page: the public route's and the admin preview's (app/routes/admin/preview.tsx), so a draft looks as it will. */
export function PracticeView({ practice, next }: { practice: PracticeViewData; next: { id: number; title: string } | null }) {
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
          practiceId={practice.id}
          next={next && { href: `/practices/${next.id}`, title: next.title }}
          extras={(player) => <PracticePlayerExtras {...player} resumeKey={`practice:${practice.id}`} />}
          action={<SavePracticeButton practiceId={practice.id} title={practice.title} withLabel />}
        />

        <PracticeSection id="transcript-heading" title="Transcript">
          <MarkdownBody blocks={practice.script} className="practice-script mt-4" />
        </PracticeSection>

        <PracticeSection id="before-heading" title="Before You Begin">
          <PracticeList
            items={[
              "Find a quiet place where you will not be interrupted for the length of the practice.",
              "Sit or lie in a position that is comfortable but alert; let your hands rest.",
              "Silence notifications. If you are listening, headphones help.",
              "There is nothing to achieve. Whatever you notice is part of the practice.",
            ]}
          />
        </PracticeSection>

        <PracticeSection id="overview-heading" title="Practice Overview">
          <p className="mt-4 text-muted-foreground">
            This is a {practice.category.toLowerCase()} practice of about {formatMinutes(practice.duration)}. Its focus is{" "}
            <strong className="text-foreground">{practice.focus.toLowerCase()}</strong>: the guidance returns to it whenever the mind
            wanders, as minds do.
          </p>
        </PracticeSection>

        <PracticeSection id="benefits-heading" title="Benefits">
          <PracticeList
            items={[
              "Steadier attention and a calmer nervous system.",
              "More room between what happens and how you respond.",
              "A clearer sense of what matters to you, and what does not.",
              "Kinder, more patient attention to your own experience.",
            ]}
          />
        </PracticeSection>

        <PracticeSection id="after-heading" title="After the Practice">
          <p className="mt-4 text-muted-foreground">
            Take a moment before moving on. Notice how you feel now compared with when you began, without judging the difference. If
            something came up that you would like to remember, write a line or two in a journal. Small, regular practice does more than
            occasional long sessions.
          </p>
        </PracticeSection>
      </div>
    </div>
  );
}

function PracticeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-serif text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function PracticeList({ items }: { items: string[] }) {
  return (
    <ul className="mt-4 list-disc space-y-2 pl-6 text-muted-foreground">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

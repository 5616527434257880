import { MediaPicker } from "./media-picker";
/**
 * A course's outline on its edit page: modules, their lessons (Markdown body with preview, audio, duration,
 * free preview) and each lesson's assessments (quiz questions with choices, the correct one and explanations, a pass
 * mark; or an exercise or reflection prompt). "Move up" / "Move down" reorder modules and lessons by keyboard or
 * pointer, and keep focus on the moved item. "Save outline" sends the whole outline (PUT /api/courses/{id}/outline),
 * checked first with the same zod schema as the server.
 */
import { useId, useLayoutEffect, useRef, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import type { z } from "zod";
import { toast } from "~/components/layout/toaster";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label, Select, Textarea } from "~/components/ui/input";
import { ASSESSMENT_KINDS, type CourseOutline, LIMITS, courseOutlineSchema, parseWholeNumber } from "~/lib/admin-schemas";
import { ApiError, sendJson } from "~/lib/api-client";
import type { EditorExtraProps } from "./content-types";
import { MarkdownEditor } from "./markdown-editor";

type Choice = { text: string; explanation: string };
type Question = { key: string; id?: number; prompt: string; choices: Choice[]; correctChoice: number };
type Assessment = { key: string; id?: number; title: string; kind: string; prompt: string; passMark: string; questions: Question[] };
type Lesson = {
  key: string;
  id?: number;
  title: string;
  description: string;
  body: string;
  audioUrl: string;
  audioTranscript: string;
  duration: string;
  freePreview: boolean;
  assessments: Assessment[];
};
/** `dripDate`: YYYY-MM-DD or "" (none), the day the module opens when the course drips on fixed dates. */
type Module = { key: string; id?: number; title: string; description: string; dripDate: string; lessons: Lesson[] };

let lastKey = 0;
/** A key for React's lists and the moved item's focus: stored rows and new ones alike. */
const newKey = () => `k${++lastKey}`;

function fromStored(outline: CourseOutline): Module[] {
  return outline.modules.map((module) => ({
    ...module,
    dripDate: module.dripDate ?? "",
    key: newKey(),
    lessons: module.lessons.map((lesson) => ({
      ...lesson,
      key: newKey(),
      duration: String(lesson.duration),
      assessments: lesson.assessments.map((assessment) => ({
        ...assessment,
        key: newKey(),
        passMark: String(assessment.passMark),
        questions: assessment.questions.map((question) => ({ ...question, key: newKey() })),
      })),
    })),
  }));
}

function toPayload(modules: Module[]) {
  return {
    modules: modules.map(({ key: _m, lessons, ...module }) => ({
      ...module,
      lessons: lessons.map(({ key: _l, assessments, duration, ...lesson }) => ({
        ...lesson,
        duration: parseWholeNumber(duration),
        assessments: assessments.map(({ key: _a, questions, passMark, ...assessment }) => ({
          ...assessment,
          passMark: parseWholeNumber(passMark),
          questions: questions.map(({ key: _q, ...question }) => question),
        })),
      })),
    })),
  };
}

const emptyQuestion = (): Question => ({
  key: newKey(),
  prompt: "",
  choices: [
    { text: "", explanation: "" },
    { text: "", explanation: "" },
  ],
  correctChoice: 0,
});
const emptyLesson = (): Lesson => ({
  key: newKey(),
  title: "",
  description: "",
  body: "",
  audioUrl: "",
  audioTranscript: "",
  duration: "10",
  freePreview: false,
  assessments: [],
});

function moveItem<T>(items: T[], index: number, delta: -1 | 1) {
  const target = index + delta;
  if (target < 0 || target >= items.length) return;
  items.splice(target, 0, ...items.splice(index, 1));
}

/** Applies `change` to the item at `index` of a draft list, if the list still has one there. */
function editAt<T>(items: T[], index: number, change: (item: T) => void) {
  const item = items[index];
  if (item !== undefined) change(item);
}

/** "Module 2, lesson 1, assessment 1, question 3: …" from a zod issue's path. */
function issueText(issue: z.core.$ZodIssue) {
  const names: Record<string, string> = {
    modules: "Module",
    lessons: "lesson",
    assessments: "assessment",
    questions: "question",
    choices: "choice",
  };
  const where: string[] = [];
  issue.path.forEach((part, i) => {
    const name = names[String(issue.path[i - 1])];
    if (typeof part === "number" && name) where.push(`${name} ${part + 1}`);
  });
  return where.length ? `${where.join(", ")}: ${issue.message}` : issue.message;
}

/** Changes a copy of the modules (and clears the problem shown). */
type Update = (change: (draft: Module[]) => void) => void;
/** Moves an item of a list of the modules up or down, keeping focus on it (`key`: the item's). */
type Move = <T extends { key: string }>(list: (draft: Module[]) => T[], index: number, delta: -1 | 1, key: string) => void;

/** `version`: the course's version this outline was edited from (its updatedAt), shared with the course's form above. */
export function CourseOutlineEditor({ itemId, data, version, onVersion, historyPath }: EditorExtraProps<CourseOutline>) {
  const baseId = useId();
  const [problem, setProblem] = useState("");
  const { modules, setModules, update, move } = useOutlineDraft(data, baseId, () => setProblem(""));
  const { busy, conflict, save } = useOutlineSave({ itemId, version, onVersion, modules, setModules, setProblem });
  const addModule = () =>
    update((draft) => void draft.push({ key: newKey(), title: "", description: "", dripDate: "", lessons: [emptyLesson()] }));

  return (
    <section aria-labelledby={`${baseId}-heading`} className="mt-8 space-y-4">
      <div>
        <h2 id={`${baseId}-heading`} className="font-serif text-2xl font-semibold">
          Outline
        </h2>
        <p className="text-sm text-muted-foreground">
          Modules and lessons in the order learners take them, and each lesson's assessments. Nothing changes on the site until you save the
          outline.
        </p>
      </div>

      {modules.map((module, moduleIndex) => (
        <ModuleCard
          key={module.key}
          module={module}
          moduleIndex={moduleIndex}
          last={moduleIndex === modules.length - 1}
          baseId={baseId}
          update={update}
          move={move}
        />
      ))}

      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={addModule}>
          Add a module
        </Button>
        <Button onClick={() => void save()} disabled={busy}>
          {busy ? "Saving…" : "Save outline"}
        </Button>
      </div>
      {conflict ? <ConflictNotice message={conflict} historyPath={historyPath} /> : <ProblemLine problem={problem} />}
    </section>
  );
}

/**
 * The outline as edited: the modules from the stored outline, `update` (a change to a copy; clears the problem shown) and
 * `move` (reorders, then keeps focus on the moved item's button, or its other one at the top or bottom).
 */
function useOutlineDraft(data: CourseOutline, baseId: string, clearProblem: () => void) {
  const [modules, setModules] = useState<Module[]>(() => fromStored(data));
  const focusAfterRender = useRef<string | null>(null);

  // A layout effect, so it runs in the very commit that moved the item: a passive effect left pending by an earlier
  // commit (the page's revalidation after a save) would run first, focus the button where it was, and lose it on the move.
  useLayoutEffect(() => {
    const id = focusAfterRender.current;
    if (!id) return;
    focusAfterRender.current = null;
    const button = document.getElementById(id) as HTMLButtonElement | null;
    // At the top or bottom the pressed button is disabled: focus stays on the item through its other move button.
    const other = document.getElementById(id.endsWith("-up") ? id.replace(/-up$/, "-down") : id.replace(/-down$/, "-up"));
    (button && !button.disabled ? button : other)?.focus();
  });

  const update: Update = (change) => {
    setModules((current) => {
      const draft = structuredClone(current);
      change(draft);
      return draft;
    });
    clearProblem();
  };

  const move: Move = (list, index, delta, key) => {
    focusAfterRender.current = `${baseId}-${key}-${delta === -1 ? "up" : "down"}`;
    update((draft) => moveItem(list(draft), index, delta));
  };

  return { modules, setModules, update, move };
}

/**
 * "Save outline": checked first with the server's schema (the first problem is shown), then sent whole with the version
 * it was edited from. A 409 (someone else saved the course since) keeps what was typed and shows `conflict`.
 */
function useOutlineSave({
  itemId,
  version,
  onVersion,
  modules,
  setModules,
  setProblem,
}: {
  itemId: number;
  version: string;
  onVersion: (version: string) => void;
  modules: Module[];
  setModules: (modules: Module[]) => void;
  setProblem: (problem: string) => void;
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  // Someone else saved the course since it was opened: the outline typed stays, and the notice links to the history.
  const [conflict, setConflict] = useState<string | null>(null);

  async function save() {
    if (busy) return;
    const checked = courseOutlineSchema.safeParse(toPayload(modules));
    if (!checked.success) {
      const [issue] = checked.error.issues;
      setProblem(issue ? issueText(issue) : "The outline is not valid.");
      return;
    }
    setBusy(true);
    try {
      const stored = await sendJson<CourseOutline & { version: string }>("PUT", `/api/courses/${itemId}/outline`, {
        ...checked.data,
        version,
      });
      setModules(fromStored(stored));
      onVersion(stored.version);
      setProblem("");
      setConflict(null);
      toast.success("Success", { description: "The outline has been saved." });
      revalidator.revalidate();
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : "The outline could not be saved. Please try again.";
      setProblem(message);
      toast.error("Error", { description: message });
      if (error instanceof ApiError && error.status === 401) navigate("/login");
      if (error instanceof ApiError && error.status === 409) setConflict(message);
    } finally {
      setBusy(false);
    }
  }

  return { busy, conflict, save };
}

/** One module: its move and remove buttons, its title and description, and its lessons. */
function ModuleCard({
  module,
  moduleIndex,
  last,
  baseId,
  update,
  move,
}: {
  module: Module;
  moduleIndex: number;
  last: boolean;
  baseId: string;
  update: Update;
  move: Move;
}) {
  const field = (key: string, name: string) => `${baseId}-${key}-${name}`;
  const setModule = (change: Partial<Module>) => update((draft) => editAt(draft, moduleIndex, (item) => Object.assign(item, change)));
  return (
    <Card className="space-y-4 p-6">
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold">
          Module {moduleIndex + 1}
          {module.title ? `: ${module.title}` : ""}
        </legend>
        <MoveButtons
          idPrefix={`${baseId}-${module.key}`}
          name={`module “${module.title || moduleIndex + 1}”`}
          first={moduleIndex === 0}
          last={last}
          onMove={(delta) => move((draft) => draft, moduleIndex, delta, module.key)}
          onRemove={() => update((draft) => void draft.splice(moduleIndex, 1))}
        />
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <Label htmlFor={field(module.key, "title")}>Module title</Label>
            <Input
              id={field(module.key, "title")}
              value={module.title}
              maxLength={LIMITS.title}
              onChange={(event) => setModule({ title: event.target.value })}
            />
          </div>
          <div>
            <Label htmlFor={field(module.key, "description")}>
              Module description <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Input
              id={field(module.key, "description")}
              value={module.description}
              maxLength={LIMITS.description}
              onChange={(event) => setModule({ description: event.target.value })}
            />
          </div>
          <div>
            <Label htmlFor={field(module.key, "dripDate")}>
              Opens on <span className="font-normal text-muted-foreground">(optional, for a course with fixed dates)</span>
            </Label>
            <Input
              id={field(module.key, "dripDate")}
              type="date"
              value={module.dripDate}
              aria-describedby={field(module.key, "dripDate-hint")}
              onChange={(event) => setModule({ dripDate: event.target.value })}
            />
            <p id={field(module.key, "dripDate-hint")} className="mt-1 text-sm text-muted-foreground">
              From 00:00 UTC that day. Used only when the course's lessons open on fixed dates; empty: open at enrolment.
            </p>
          </div>
        </div>
        <ModuleLessons module={module} moduleIndex={moduleIndex} baseId={baseId} update={update} move={move} />
        <Button variant="outline" onClick={() => update((draft) => void draft[moduleIndex]?.lessons.push(emptyLesson()))}>
          Add a lesson to module {moduleIndex + 1}
        </Button>
      </fieldset>
    </Card>
  );
}

/** A module's lessons in order, each folded under its title (a new one open), with its move and remove buttons. */
function ModuleLessons({
  module,
  moduleIndex,
  baseId,
  update,
  move,
}: {
  module: Module;
  moduleIndex: number;
  baseId: string;
  update: Update;
  move: Move;
}) {
  const field = (key: string, name: string) => `${baseId}-${key}-${name}`;
  return (
    <ol className="space-y-3" aria-label={`Lessons of module ${moduleIndex + 1}`}>
      {module.lessons.map((lesson, lessonIndex) => {
        const setLesson = (change: (draft: Lesson) => void) =>
          update((draft) => editAt(draft[moduleIndex]?.lessons ?? [], lessonIndex, change));
        return (
          <li key={lesson.key} className="rounded-md border border-border p-4">
            <details open={!lesson.id}>
              <summary className="cursor-pointer font-medium">
                Lesson {lessonIndex + 1}: {lesson.title || "(untitled)"}
              </summary>
              <LessonFields lesson={lesson} idOf={(name) => field(lesson.key, name)} setLesson={setLesson} />
            </details>
            <MoveButtons
              idPrefix={`${baseId}-${lesson.key}`}
              name={`lesson “${lesson.title || lessonIndex + 1}”`}
              first={lessonIndex === 0}
              last={lessonIndex === module.lessons.length - 1}
              onMove={(delta) => move((draft) => draft[moduleIndex]?.lessons ?? [], lessonIndex, delta, lesson.key)}
              onRemove={() => update((draft) => void draft[moduleIndex]?.lessons.splice(lessonIndex, 1))}
            />
          </li>
        );
      })}
    </ol>
  );
}

/** A save refused because someone else saved the course since: what was typed stays, and the history opens beside it. */
function ConflictNotice({ message, historyPath }: { message: string; historyPath: string }) {
  return (
    <div role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive" data-testid="outline-conflict">
      <p>{message}</p>
      <p className="mt-2">
        <Link className="font-medium underline underline-offset-4" to={historyPath} target="_blank" rel="noreferrer">
          See what changed in the course's history
        </Link>{" "}
        (opens in a new tab, so this outline and what you typed stay here).
      </p>
    </div>
  );
}

/** The first problem of the outline or of its save (empty, but there, so a screen reader hears the next one). */
function ProblemLine({ problem }: { problem: string }) {
  return (
    <p role="alert" className="min-h-5 text-sm text-destructive">
      {problem}
    </p>
  );
}

function MoveButtons({
  idPrefix,
  name,
  first,
  last,
  onMove,
  onRemove,
}: {
  idPrefix: string;
  name: string;
  first: boolean;
  last: boolean;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {/* The name starts with the visible words ("Move up lesson “…”"), so voice control users can say what they see. */}
      <Button id={`${idPrefix}-up`} variant="outline" disabled={first} onClick={() => onMove(-1)}>
        Move up<span className="sr-only"> {name}</span>
      </Button>
      <Button id={`${idPrefix}-down`} variant="outline" disabled={last} onClick={() => onMove(1)}>
        Move down<span className="sr-only"> {name}</span>
      </Button>
      <Button variant="ghost" aria-label={`Remove ${name}`} onClick={onRemove}>
        Remove
      </Button>
    </div>
  );
}

type LessonProps = {
  lesson: Lesson;
  idOf: (name: string) => string;
  setLesson: (change: (draft: Lesson) => void) => void;
};

/** A lesson's fields, in the two-column grid: its texts, its recording, and its assessments. */
function LessonFields(props: LessonProps) {
  return (
    <div className="mt-4 grid gap-4 md:grid-cols-2">
      <LessonTexts {...props} />
      <LessonRecording {...props} />
      <LessonAssessments {...props} />
    </div>
  );
}

/** The lesson's title, summary and Markdown body. */
function LessonTexts({ lesson, idOf, setLesson }: LessonProps) {
  return (
    <>
      <div className="md:col-span-2">
        <Label htmlFor={idOf("title")}>Lesson title</Label>
        <Input
          id={idOf("title")}
          value={lesson.title}
          maxLength={LIMITS.title}
          onChange={(event) => setLesson((draft) => Object.assign(draft, { title: event.target.value }))}
        />
      </div>
      <div className="md:col-span-2">
        <Label htmlFor={idOf("description")}>
          Summary <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input
          id={idOf("description")}
          value={lesson.description}
          maxLength={LIMITS.description}
          onChange={(event) => setLesson((draft) => Object.assign(draft, { description: event.target.value }))}
        />
      </div>
      <div className="md:col-span-2">
        <Label htmlFor={idOf("body")}>Lesson body</Label>
        <MarkdownEditor
          id={idOf("body")}
          value={lesson.body}
          maxLength={LIMITS.content}
          rows={10}
          visual
          onChange={(value) => setLesson((draft) => Object.assign(draft, { body: value }))}
        />
      </div>
    </>
  );
}

/** The lesson's recording (its URL, with the media library's picker), its length, its transcript, and whether it is a free preview. */
function LessonRecording({ lesson, idOf, setLesson }: LessonProps) {
  return (
    <>
      <div>
        <Label htmlFor={idOf("audio")}>
          Audio URL <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input
          id={idOf("audio")}
          value={lesson.audioUrl}
          inputMode="url"
          spellCheck={false}
          placeholder="Choose it from the media library below"
          onChange={(event) => setLesson((draft) => Object.assign(draft, { audioUrl: event.target.value }))}
        />
        <MediaPicker kind="audio" label="Lesson audio" onPick={(url) => setLesson((draft) => Object.assign(draft, { audioUrl: url }))} />
      </div>
      <div>
        <Label htmlFor={idOf("duration")}>Duration (minutes)</Label>
        <Input
          id={idOf("duration")}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={lesson.duration}
          onChange={(event) => setLesson((draft) => Object.assign(draft, { duration: event.target.value }))}
        />
      </div>
      <div className="md:col-span-2">
        <Label htmlFor={idOf("transcript")}>
          Audio transcript <span className="font-normal text-muted-foreground">(optional; shown under the player)</span>
        </Label>
        <Textarea
          id={idOf("transcript")}
          rows={3}
          value={lesson.audioTranscript}
          maxLength={LIMITS.transcript}
          onChange={(event) => setLesson((draft) => Object.assign(draft, { audioTranscript: event.target.value }))}
        />
      </div>
      <div className="flex items-start gap-3 md:col-span-2">
        <input
          id={idOf("preview")}
          type="checkbox"
          checked={lesson.freePreview}
          onChange={(event) => setLesson((draft) => Object.assign(draft, { freePreview: event.target.checked }))}
          className="mt-1 h-4 w-4 rounded border-input accent-primary"
        />
        <label htmlFor={idOf("preview")} className="text-sm font-medium">
          Free preview <span className="font-normal text-muted-foreground">(anyone may read this lesson, and search shows its words)</span>
        </label>
      </div>
    </>
  );
}

/** The lesson's assessments, each with its fields, and the button that adds one (a quiz with one empty question). */
function LessonAssessments({ lesson, idOf, setLesson }: LessonProps) {
  return (
    <div className="space-y-4 md:col-span-2">
      {lesson.assessments.map((assessment, assessmentIndex) => (
        <AssessmentFields
          key={assessment.key}
          number={assessmentIndex + 1}
          assessment={assessment}
          idOf={(name) => idOf(`${assessment.key}-${name}`)}
          setAssessment={(change) => setLesson((draft) => editAt(draft.assessments, assessmentIndex, change))}
          onRemove={() => setLesson((draft) => void draft.assessments.splice(assessmentIndex, 1))}
        />
      ))}
      <Button
        variant="outline"
        onClick={() =>
          setLesson(
            (draft) =>
              void draft.assessments.push({
                key: newKey(),
                title: "",
                kind: "quiz",
                prompt: "",
                passMark: "70",
                questions: [emptyQuestion()],
              }),
          )
        }
      >
        Add an assessment
      </Button>
    </div>
  );
}

function AssessmentFields({
  number,
  assessment,
  idOf,
  setAssessment,
  onRemove,
}: {
  number: number;
  assessment: Assessment;
  idOf: (name: string) => string;
  setAssessment: (change: (draft: Assessment) => void) => void;
  onRemove: () => void;
}) {
  return (
    <fieldset className="space-y-4 rounded-md border border-border p-4">
      <legend className="px-1 font-medium">Assessment {number}</legend>
      <div className="grid gap-4 md:grid-cols-3">
        <div className="md:col-span-2">
          <Label htmlFor={idOf("title")}>Assessment title</Label>
          <Input
            id={idOf("title")}
            value={assessment.title}
            maxLength={LIMITS.title}
            onChange={(event) => setAssessment((draft) => Object.assign(draft, { title: event.target.value }))}
          />
        </div>
        <div>
          <Label htmlFor={idOf("kind")}>Kind</Label>
          <Select
            id={idOf("kind")}
            value={assessment.kind}
            onChange={(event) => setAssessment((draft) => Object.assign(draft, { kind: event.target.value }))}
          >
            {ASSESSMENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kind.charAt(0).toUpperCase() + kind.slice(1)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {assessment.kind === "quiz" ? (
        <>
          <div className="max-w-xs">
            <Label htmlFor={idOf("pass")}>Pass mark (percent)</Label>
            <Input
              id={idOf("pass")}
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              value={assessment.passMark}
              onChange={(event) => setAssessment((draft) => Object.assign(draft, { passMark: event.target.value }))}
            />
          </div>
          {assessment.questions.map((question, questionIndex) => (
            <QuestionFields
              key={question.key}
              number={questionIndex + 1}
              question={question}
              idOf={(name) => idOf(`${question.key}-${name}`)}
              setQuestion={(change) => setAssessment((draft) => editAt(draft.questions, questionIndex, change))}
              onRemove={() => setAssessment((draft) => void draft.questions.splice(questionIndex, 1))}
            />
          ))}
          <Button variant="outline" onClick={() => setAssessment((draft) => void draft.questions.push(emptyQuestion()))}>
            Add a question
          </Button>
        </>
      ) : (
        <div>
          <Label htmlFor={idOf("prompt")}>Prompt</Label>
          <Textarea
            id={idOf("prompt")}
            rows={3}
            value={assessment.prompt}
            maxLength={LIMITS.description}
            onChange={(event) => setAssessment((draft) => Object.assign(draft, { prompt: event.target.value }))}
          />
        </div>
      )}
      <Button variant="ghost" onClick={onRemove}>
        Remove assessment {number}
      </Button>
    </fieldset>
  );
}

function QuestionFields({
  number,
  question,
  idOf,
  setQuestion,
  onRemove,
}: {
  number: number;
  question: Question;
  idOf: (name: string) => string;
  setQuestion: (change: (draft: Question) => void) => void;
  onRemove: () => void;
}) {
  return (
    <fieldset className="space-y-3 rounded-md bg-muted/40 p-4">
      <legend className="px-1 text-sm font-medium">Question {number}</legend>
      <div>
        <Label htmlFor={idOf("prompt")}>Question {number}</Label>
        <Input
          id={idOf("prompt")}
          value={question.prompt}
          maxLength={LIMITS.description}
          onChange={(event) => setQuestion((draft) => Object.assign(draft, { prompt: event.target.value }))}
        />
      </div>
      {question.choices.map((choice, choiceIndex) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: choices have no identity of their own; their place is what counts.
        <div key={choiceIndex} className="grid gap-2 md:grid-cols-[auto_1fr_1fr_auto] md:items-end">
          <div className="flex h-10 items-center gap-2">
            <input
              id={idOf(`correct-${choiceIndex}`)}
              type="radio"
              name={idOf("correct")}
              checked={question.correctChoice === choiceIndex}
              onChange={() => setQuestion((draft) => Object.assign(draft, { correctChoice: choiceIndex }))}
              className="h-4 w-4 accent-primary"
            />
            <label htmlFor={idOf(`correct-${choiceIndex}`)} className="text-sm">
              Correct
            </label>
          </div>
          <div>
            <Label htmlFor={idOf(`choice-${choiceIndex}`)}>Choice {choiceIndex + 1}</Label>
            <Input
              id={idOf(`choice-${choiceIndex}`)}
              value={choice.text}
              maxLength={LIMITS.title}
              onChange={(event) =>
                setQuestion((draft) => editAt(draft.choices, choiceIndex, (item) => Object.assign(item, { text: event.target.value })))
              }
            />
          </div>
          <div>
            <Label htmlFor={idOf(`explanation-${choiceIndex}`)}>Explanation of choice {choiceIndex + 1}</Label>
            <Input
              id={idOf(`explanation-${choiceIndex}`)}
              value={choice.explanation}
              maxLength={LIMITS.description}
              onChange={(event) =>
                setQuestion((draft) =>
                  editAt(draft.choices, choiceIndex, (item) => Object.assign(item, { explanation: event.target.value })),
                )
              }
            />
          </div>
          <Button
            variant="ghost"
            disabled={question.choices.length <= 2}
            aria-label={`Remove choice ${choiceIndex + 1} of question ${number}`}
            onClick={() =>
              setQuestion((draft) => {
                draft.choices.splice(choiceIndex, 1);
                if (draft.correctChoice >= choiceIndex && draft.correctChoice > 0) draft.correctChoice -= 1;
              })
            }
          >
            Remove
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setQuestion((draft) => void draft.choices.push({ text: "", explanation: "" }))}>
          Add a choice
        </Button>
        <Button variant="ghost" onClick={onRemove}>
          Remove question {number}
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * Wording shared by a few pages: shortened descriptions, bylines, the enrolment count. Kept out of format.ts,
 * which every page's shared chunk carries, so only the pages that use these pay for them.
 */

/**
 * Shortens text to at most `max` characters, ellipsis included, cutting at a word boundary
 * (a single word longer than that is cut where it must be) and dropping punctuation left dangling.
 */
export function truncate(text: string, max: number) {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  // The text runs on past the cut: if it continues with a space, `room` already ends on a whole word.
  const wordEnd = /\s/.test(clean[max - 1] ?? "") ? room.length : room.search(/\s+\S*$/);
  const cut = wordEnd > 0 ? room.slice(0, wordEnd) : room;
  return `${cut.replace(/[\s,;:.\-–—]+$/, "")}…`;
}

/**
 * "by Plato", but an author line that already says how the work came about ("Traditionally attributed
 * to…", "Adapted from…") stands alone, so no reader meets "by Traditionally attributed to the Buddha".
 */
export function byline(author: string) {
  const text = author.trim();
  return /^(traditionally|attributed|adapted|after|from|based on|compiled|edited|translated)\b/i.test(text) ? text : `by ${text}`;
}

/** The course page's enrolment count: the real number, worded as an invitation while there is none. */
export function enrolmentLabel(count: number) {
  if (count <= 0) return "Be among the first to enrol";
  return count === 1 ? "1 student enrolled" : `${count} students enrolled`;
}

type LessonContents = { hasRecording: boolean; assessments: readonly { kind: string }[] };

/**
 * What a course's lessons hold, counted from the lessons themselves: "3 of the 8 lessons have a quiz, every lesson
 * has a written exercise or reflection, and 1 of the 8 lessons has a recording." Nothing is promised that no lesson has.
 */
export function courseContentsSentence(lessons: readonly LessonContents[]) {
  const total = lessons.length;
  if (total === 0) return "";
  const count = (has: (lesson: LessonContents) => boolean) => lessons.filter(has).length;
  const features: [number, string][] = [
    [count((lesson) => lesson.assessments.some((a) => a.kind === "quiz")), "a quiz"],
    [count((lesson) => lesson.assessments.some((a) => a.kind !== "quiz")), "a written exercise or reflection"],
    [count((lesson) => lesson.hasRecording), "a recording"],
  ];
  const clauses = features
    .filter(([n]) => n > 0)
    .map(([n, what]) => {
      if (n === total) return `${total === 1 ? "the lesson has" : "every lesson has"} ${what}`;
      return `${n} of the ${total} lessons ${n === 1 ? "has" : "have"} ${what}`;
    });
  const last = clauses.pop();
  if (last === undefined) return total === 1 ? "The lesson is a reading." : "The lessons are readings.";
  const listed = clauses.length === 0 ? last : `${clauses.join(", ")} and ${last}`;
  return `${listed.charAt(0).toUpperCase()}${listed.slice(1)}.`;
}

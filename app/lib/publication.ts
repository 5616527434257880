/**
 * Drafts and scheduling (articles, practices, courses): the status a row has, and the rules of the form's status
 * and publish-time fields, shared by the browser (checks before sending) and the server (the API's 400 answers).
 * Publish times are stored as ISO UTC timestamps; the editor shows and takes them in the owner's time zone.
 */
import { z } from "zod";
import { formatDateTimeUtc } from "./format";
import { formatOwnerTime, utcToZonedInput, zonedTimeToUtc } from "./time-zone";

export const PUBLICATION_STATUSES = ["draft", "scheduled", "published"] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];
export const PUBLICATION_STATUS_LABELS: Record<PublicationStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

/** What the form's time field holds ("2026-11-24T06:30", a `datetime-local` in UTC) or an ISO timestamp with its zone. */
const PUBLISH_AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** The ISO UTC timestamp of a publish time as the form or the API sends it (no zone means UTC), or null when it is not one. */
export function parsePublishAt(value: string): string | null {
  const text = value.trim();
  if (!PUBLISH_AT_PATTERN.test(text)) return null;
  const hasZone = /(Z|[+-]\d{2}:\d{2})$/.test(text);
  const time = Date.parse(hasZone ? text : `${text}Z`);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** A stored publish time as the form's UTC `datetime-local` value ("2026-11-24T06:30"). */
export const publishAtInputValue = (iso: string | null | undefined) => (iso ? iso.slice(0, 16) : "");

/**
 * The form's UTC publish time ("2026-11-24T06:30") as the editor shows it in the owner's zone ("2026-11-24T01:30" in
 * America/New_York); what is not a time is shown as it is.
 */
export function publishAtInZone(utcValue: string, timeZone: string) {
  const iso = utcValue ? parsePublishAt(utcValue) : null;
  return iso ? utcToZonedInput(iso, timeZone) || utcValue : utcValue;
}

/** What the editor's field holds in the owner's zone, as the form's UTC value (the form, the API and D1 keep UTC). */
export function publishAtFromZone(localValue: string, timeZone: string) {
  if (!localValue) return "";
  return zonedTimeToUtc(localValue, timeZone)?.slice(0, 16) ?? localValue;
}

/** "Nov 24, 2026, 06:30 UTC": the admin list and dashboard say the zone. */
export function formatPublishAt(iso: string) {
  return formatDateTimeUtc(iso);
}

/** A publish time in the owner's zone for the editor's Schedule confirmation: "Nov 24, 2026, 01:30 EST" (UTC: as above). */
export function formatPublishAtIn(iso: string, timeZone: string) {
  return formatOwnerTime(iso, timeZone);
}

/** "Published", "Draft", or "Scheduled for Nov 24, 2026, 06:30 UTC" (the admin list). */
export function statusText(status: PublicationStatus, publishAt: string | null, ownerZone = "") {
  if (status === "scheduled" && publishAt) return `Scheduled for ${formatOwnerTime(publishAt, ownerZone)}`;
  return PUBLICATION_STATUS_LABELS[status];
}

const statusSchema = z.enum(PUBLICATION_STATUSES, {
  error: `The field "status" must be one of: ${PUBLICATION_STATUSES.join(", ")}.`,
});

/**
 * What a save does to the item's status (the editor's buttons): "save" keeps it (a new item: a draft), "publish" puts
 * it on the site now, "schedule" at its `publishAt`, "unpublish" makes it a draft again; "submit" keeps it too and
 * marks the draft "In review" (a contributor's, for an editor to publish). The form sends one with every save; it is
 * the only way the editor changes a status.
 */
export const PUBLICATION_INTENTS = ["save", "publish", "schedule", "unpublish", "submit"] as const;
export type PublicationIntent = (typeof PUBLICATION_INTENTS)[number];
/** The intents that change a status: only the roles the route's policy lets publish may send them (`ItemAccess`). */
export const STATUS_INTENTS = ["publish", "schedule", "unpublish"] as const satisfies readonly PublicationIntent[];

/** The status each intent gives (none: "save" and "submit" keep the stored one). */
export const INTENT_STATUS: Record<PublicationIntent, PublicationStatus | undefined> = {
  save: undefined,
  publish: "published",
  schedule: "scheduled",
  unpublish: "draft",
  submit: undefined,
};

/** "In review": a draft submitted for review (`submittedAt`), which an editor or the owner then publishes. */
export const IN_REVIEW_LABEL = "In review";
/** The status as the admin shows it: a submitted draft is "In review". */
export const isInReview = (status: PublicationStatus, submittedAt: string | null | undefined) => status === "draft" && !!submittedAt;

export const publicationIntentSchema = z.enum(PUBLICATION_INTENTS, {
  error: `The field "intent" must be one of: ${PUBLICATION_INTENTS.join(", ")}.`,
});

const publishAtSchema = z
  .union([z.string({ error: 'The field "publishAt" must be a date and time (UTC), such as 2026-12-01T09:00.' }), z.null()])
  .optional();

type Publication = { status?: PublicationStatus; publishAt?: string | null; intent?: PublicationIntent; submittedAt?: string | null };

/** The status a save gives: its intent's, else the `status` sent (the JSON API's scripts), else `defaultStatus`. */
function effectiveStatus({ status, intent }: Publication, defaultStatus: PublicationStatus | undefined) {
  if (intent) return INTENT_STATUS[intent] ?? (defaultStatus ? "draft" : undefined);
  return status ?? defaultStatus;
}

/**
 * An object schema with the status, intent and publish-time fields. The editor sends an `intent` (never a status):
 * "save" keeps the stored status, and on a create makes a draft. The JSON API may send a `status` instead (not both:
 * 400). `defaultStatus` is what a create with neither gets; without it (an update) the stored status stays. A
 * scheduled row needs a publish time in the future (checked against `now()` when the input is read), stored as ISO
 * UTC; for any other status the time is dropped (null).
 * `overwrite`, not `transform`: the result stays an object schema (the registry test reads its keys).
 */
export function withPublication<Shape extends z.ZodRawShape>(
  shape: Shape,
  { defaultStatus, now = Date.now, error }: { defaultStatus?: PublicationStatus; now?: () => number; error?: string } = {},
) {
  return z
    .object(
      {
        ...shape,
        status: statusSchema.optional(),
        intent: publicationIntentSchema.optional(),
        publishAt: publishAtSchema,
      },
      { error },
    )
    .superRefine((input, context) => {
      const publication = input as Publication;
      if (publication.intent && publication.status) {
        context.addIssue({
          code: "custom",
          path: ["status"],
          message: 'Send either "intent" or "status", not both: the intent decides the status.',
        });
        return;
      }
      const { publishAt } = publication;
      if (effectiveStatus(publication, defaultStatus) !== "scheduled") return;
      if (!publishAt) {
        context.addIssue({
          code: "custom",
          path: ["publishAt"],
          message: 'To schedule, choose when to publish: the field "publishAt" is required.',
        });
        return;
      }
      const iso = parsePublishAt(publishAt);
      if (!iso) {
        context.addIssue({
          code: "custom",
          path: ["publishAt"],
          message: 'The field "publishAt" must be a date and time (UTC), such as 2026-12-01T09:00.',
        });
      } else if (Date.parse(iso) <= now()) {
        context.addIssue({ code: "custom", path: ["publishAt"], message: 'The field "publishAt" must be in the future to schedule.' });
      }
    })
    .overwrite((input) => {
      const { status: _status, intent, publishAt, ...rest } = input as typeof input & Publication;
      const status = effectiveStatus(input as Publication, defaultStatus);
      // Submitting stamps the draft "In review"; a status change (or a create) clears the stamp; a plain save keeps it.
      const review = intent === "submit" ? { submittedAt: new Date(now()).toISOString() } : status ? { submittedAt: null } : {};
      if (!status) return { ...rest, ...review } as typeof input;
      return {
        ...rest,
        ...review,
        status,
        publishAt: status === "scheduled" && publishAt ? parsePublishAt(publishAt) : null,
      } as typeof input & { submittedAt?: string | null };
    });
}

/**
 * The rules of the owner's forms (invite an editor, accept an invitation, site settings), shared by the forms and the
 * server's 400 answers. Every message names its field.
 */
import { z } from "zod";
import { ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN, PASSWORD_MAX, USERNAME_MAX } from "./admin-accounts";
import { EMAIL_MAX, EMAIL_PATTERN } from "./validation";
import { ADMIN_ROLES } from "./route-policy";
import { isTimeZone } from "./time-zone";

const email = (field: string) =>
  z
    .string({ error: `The field "${field}" is required.` })
    .trim()
    .toLowerCase()
    .min(1, `The field "${field}" is required.`)
    .max(EMAIL_MAX, `The field "${field}" can be at most ${EMAIL_MAX} characters.`)
    .regex(EMAIL_PATTERN, `The field "${field}" must be an e-mail address.`);

/** The sign-in form: longer input than USERNAME_MAX and PASSWORD_MAX is cut, not refused (the throttle counts every try). */
export const loginSchema = z
  .object({
    username: z
      .string()
      .default("")
      .transform((value) => value.trim().slice(0, USERNAME_MAX)),
    password: z
      .string()
      .default("")
      .transform((value) => value.slice(0, PASSWORD_MAX)),
  })
  .refine((value) => value.username !== "" && value.password !== "", "Please enter your username and password.");

/** The roles an invitation may give (an owner is made by changing a role), and every role an account may have. */
export const INVITED_ROLES = ["editor", "contributor"] as const;
const roleError = (roles: readonly string[]) => `The field "Role" must be one of: ${roles.join(", ")}.`;

export const inviteEditorSchema = z.object({
  email: email("E-mail"),
  role: z.enum(INVITED_ROLES, { error: roleError(INVITED_ROLES) }).default("editor"),
});

const accountId = z
  .string({ error: 'The field "id" must be a positive whole number.' })
  .regex(/^[1-9]\d{0,8}$/, 'The field "id" must be a positive whole number.')
  .transform(Number);

/** The Accounts page's forms: invite an editor or a contributor, change a role, remove an account, withdraw an invitation. */
export const accountsActionSchema = z.discriminatedUnion(
  "intent",
  [
    inviteEditorSchema.extend({ intent: z.literal("invite") }),
    z.object({ intent: z.literal("role"), id: accountId, role: z.enum(ADMIN_ROLES, { error: roleError(ADMIN_ROLES) }) }),
    z.object({ intent: z.literal("remove"), id: accountId }),
    z.object({ intent: z.literal("withdraw"), id: accountId }),
  ],
  { error: 'The field "intent" must be "invite", "role", "remove" or "withdraw".' },
);

export const acceptInviteSchema = z
  .object({
    password: z
      .string({ error: 'The field "Password" is required.' })
      .refine((value) => [...value].length >= ADMIN_PASSWORD_MIN, `The password must be at least ${ADMIN_PASSWORD_MIN} characters long.`)
      .refine((value) => value.length <= ADMIN_PASSWORD_MAX, `The password can be at most ${ADMIN_PASSWORD_MAX} characters long.`),
    confirm: z.string({ error: 'The field "Repeat the password" is required.' }),
  })
  .refine((value) => value.password === value.confirm, { message: "The two passwords do not match.", path: ["confirm"] });

/** The editable settings: the form's field names are these keys. */
export const SITE_SETTING_KEYS = [
  "name",
  "email",
  "phone",
  "address",
  "instagram",
  "youtube",
  "linkedin",
  "operatorEmail",
  "timeZone",
] as const;
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `The field "${field}" must be text.` })
    .trim()
    .max(max, `The field "${field}" can be at most ${max} characters.`)
    .default("");

/** A social profile: empty (the link is hidden), or an https URL. */
const socialUrl = (field: string) =>
  optionalText(field, 2048).refine(
    (value) => value === "" || (URL.canParse(value) && new URL(value).protocol === "https:"),
    `The field "${field}" must be an https:// address, or empty to hide the link.`,
  );

export const siteSettingsSchema = z.object({
  name: z
    .string({ error: 'The field "Site name" is required.' })
    .trim()
    .min(1, 'The field "Site name" is required.')
    .max(100, 'The field "Site name" can be at most 100 characters.'),
  email: email("Contact e-mail"),
  phone: optionalText("Phone", 50),
  address: optionalText("Address", 300),
  instagram: socialUrl("Instagram"),
  youtube: socialUrl("YouTube"),
  linkedin: socialUrl("LinkedIn"),
  /** Where the operator's alerts go (docs/operations.md, "Health and alerts"); empty: the contact e-mail. */
  operatorEmail: optionalText("Operator e-mail", EMAIL_MAX)
    .transform((value) => value.toLowerCase())
    .refine((value) => value === "" || EMAIL_PATTERN.test(value), 'The field "Operator e-mail" must be an e-mail address, or empty.'),
  /** The owner's time zone, in which the editor shows and takes publish times (stored in UTC); empty: the browser's. */
  timeZone: optionalText("Time zone", 64).refine(
    (value) => value === "" || isTimeZone(value),
    'The field "Time zone" must be a time zone name such as America/New_York or Europe/Berlin, or empty for your browser\'s.',
  ),
});
export type SiteSettingsInput = z.infer<typeof siteSettingsSchema>;

/** The welcome e-mail's subject and body may name the site: "{site name}" becomes the name Settings has. */
export const WELCOME_SITE_NAME_PLACEHOLDER = "{site name}";
export const WELCOME_SUBJECT_MAX = 200;
export const WELCOME_BODY_MAX = 20_000;

/**
 * Settings → "Welcome e-mail" (sent once to an address when its subscription is confirmed): on or off (an unticked box
 * sends nothing: off), its subject and its Markdown body.
 */
export const welcomeEmailSchema = z.object({
  intent: z.literal("welcome"),
  enabled: z
    .enum(["on", "off"], { error: 'The field "Send a welcome e-mail" must be ticked or not.' })
    .optional()
    .transform((value) => value === "on"),
  subject: z
    .string({ error: 'The field "Welcome subject" is required.' })
    .trim()
    .min(1, 'The field "Welcome subject" is required.')
    .max(WELCOME_SUBJECT_MAX, `The field "Welcome subject" can be at most ${WELCOME_SUBJECT_MAX} characters.`),
  body: z
    .string({ error: 'The field "Welcome message" is required.' })
    .trim()
    .min(1, 'The field "Welcome message" is required.')
    .max(WELCOME_BODY_MAX, `The field "Welcome message" can be at most ${WELCOME_BODY_MAX} characters.`),
});
export type WelcomeEmailInput = z.infer<typeof welcomeEmailSchema>;

/** A ticked box of the owner's notices: "on"; an unticked one is not sent, so it is off. */
const noticeBox = (label: string) =>
  z
    .enum(["on", "off"], { error: `The field "${label}" must be ticked or not.` })
    .optional()
    .transform((value) => value === "on");

/** Settings → "Tell me by e-mail": which of the owner's notices are on (app/server/site/owner-notices.server.ts). */
export const ownerNoticesSchema = z.object({
  intent: z.literal("owner-notices"),
  sale: noticeBox("A course is bought"),
  contact: noticeBox("A message arrives"),
  draft: noticeBox("A draft is submitted for review"),
});
export type OwnerNoticesInput = z.infer<typeof ownerNoticesSchema>;

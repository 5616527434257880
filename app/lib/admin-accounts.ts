/** The admin accounts' limits and messages that the invitation page shows (no zod here: that page stays light). */
export const ADMIN_PASSWORD_MIN = 12;
export const ADMIN_PASSWORD_MAX = 1024;
/**
 * The sign-in form's lengths (its schema in admin-account-schemas.ts cuts longer input). Here, not beside the schema:
 * the sign-in page's component reads them, and importing the schemas' module would put zod in its JavaScript.
 */
export const USERNAME_MAX = 200;
export const PASSWORD_MAX = 1024;

/** What an invitation link that no longer works says (used, expired, withdrawn, or never issued). */
export const INVITE_GONE = "This invitation link has been used, has expired, or is not valid. Ask the site's owner for a new one.";

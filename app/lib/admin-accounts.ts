/** The admin accounts' limits and messages that the invitation page shows (no zod here: that page stays light). */
export const ADMIN_PASSWORD_MIN = 12;
export const ADMIN_PASSWORD_MAX = 1024;

/** What an invitation link that no longer works says (used, expired, withdrawn, or never issued). */
export const INVITE_GONE = "This invitation link has been used, has expired, or is not valid. Ask the site's owner for a new one.";

ALTER TABLE `mail_log` ADD `credentials` text;--> statement-breakpoint
-- Issue #37: mail_log.data no longer keeps single-use links (app/server/mail/credentials.server.ts, MAIL_SECRET_FIELDS).
-- The rows written before keep none either: their links are removed here, so the order page, the data download and
-- every backup from now on hold none. A mail still waiting at this point has no link left to send and no hash to issue
-- a new one from: the consumer fails it with a reason that says to re-send it.
UPDATE `mail_log` SET `data` = json_remove(`data`, '$.accessUrl') WHERE `kind` IN ('receipt', 'access-link', 'duplicate-refund', 'gift') AND json_valid(`data`);--> statement-breakpoint
UPDATE `mail_log` SET `data` = json_remove(`data`, '$.manageUrl') WHERE `kind` = 'gift-receipt' AND json_valid(`data`);--> statement-breakpoint
UPDATE `mail_log` SET `data` = json_remove(`data`, '$.inviteUrl') WHERE `kind` = 'admin-invite' AND json_valid(`data`);--> statement-breakpoint
UPDATE `mail_log` SET `data` = json_remove(`data`, '$.confirmUrl') WHERE `kind` = 'newsletter-confirmation' AND json_valid(`data`);

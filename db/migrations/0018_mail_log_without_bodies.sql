ALTER TABLE `mail_log` DROP COLUMN `text`;--> statement-breakpoint
ALTER TABLE `mail_log` DROP COLUMN `html`;--> statement-breakpoint
ALTER TABLE `newsletter_deliveries` DROP COLUMN `mail_id`;
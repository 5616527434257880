ALTER TABLE `mail_log` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `status` text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirm_token_hash` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirm_sent_at` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirm_expires_at` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirmed_at` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `unsubscribed_at` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `unsubscribe_token` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Addresses stored before double opt-in are kept as they were (subscribed), each with an unsubscribe token of its own.
UPDATE `newsletter_subscribers` SET `status` = 'confirmed', `confirmed_at` = `created_at`, `unsubscribe_token` = lower(hex(randomblob(32)));--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_confirm_token_uq` ON `newsletter_subscribers` (`confirm_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_unsubscribe_token_uq` ON `newsletter_subscribers` (`unsubscribe_token`);--> statement-breakpoint
CREATE INDEX `newsletter_subscribers_status_idx` ON `newsletter_subscribers` (`status`,`created_at`);
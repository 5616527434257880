ALTER TABLE `mail_log` ADD `data` text;--> statement-breakpoint
ALTER TABLE `mail_log` ADD `transport` text;--> statement-breakpoint
ALTER TABLE `mail_log` ADD `provider_id` text;--> statement-breakpoint
ALTER TABLE `mail_log` ADD `deferred_until` text;--> statement-breakpoint
CREATE INDEX `mail_log_deferred_idx` ON `mail_log` (`status`,`deferred_until`);--> statement-breakpoint
CREATE INDEX `mail_log_provider_idx` ON `mail_log` (`provider_id`);--> statement-breakpoint
ALTER TABLE `newsletter_deliveries` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `newsletter_deliveries` ADD `provider_id` text;--> statement-breakpoint
ALTER TABLE `newsletter_deliveries` ADD `error` text;--> statement-breakpoint
ALTER TABLE `newsletter_deliveries` ADD `sent_at` text;--> statement-breakpoint
CREATE INDEX `newsletter_deliveries_issue_status_idx` ON `newsletter_deliveries` (`issue_id`,`status`);--> statement-breakpoint
ALTER TABLE `newsletter_issues` ADD `format` text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE `newsletter_issues` ADD `scheduled_at` text;--> statement-breakpoint
ALTER TABLE `newsletter_issues` ADD `recipient_count` integer;--> statement-breakpoint
ALTER TABLE `newsletter_issues` ADD `fanout_cursor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `newsletter_issues` ADD `fanout_done_at` text;--> statement-breakpoint
ALTER TABLE `newsletter_issues` ADD `progress_at` text;--> statement-breakpoint
ALTER TABLE `newsletter_issues` ADD `paused_until` text;--> statement-breakpoint
ALTER TABLE `newsletter_issues` ADD `pause_reason` text;--> statement-breakpoint
CREATE INDEX `newsletter_issues_scheduled_idx` ON `newsletter_issues` (`scheduled_at`);--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `unsubscribe_reason` text;--> statement-breakpoint
-- Data (hand-written): a delivery handed to mail_log before this migration takes that row's outcome, since the
-- next migration drops the link (mail_id); one whose mail was still waiting goes back to the queue of the new consumer.
UPDATE `newsletter_deliveries` SET
  `status` = coalesce((SELECT CASE m.`status` WHEN 'sent' THEN 'sent' WHEN 'failed' THEN 'failed' ELSE 'queued' END FROM `mail_log` m WHERE m.`id` = `newsletter_deliveries`.`mail_id`), 'queued'),
  `sent_at` = (SELECT m.`sent_at` FROM `mail_log` m WHERE m.`id` = `newsletter_deliveries`.`mail_id`)
  WHERE `status` = 'handed';--> statement-breakpoint
-- Issues sent before this migration wrote every delivery at once: their fan-out is done.
UPDATE `newsletter_issues` SET `fanout_done_at` = `sent_at`, `progress_at` = `sent_at`,
  `recipient_count` = (SELECT count(*) FROM `newsletter_deliveries` d WHERE d.`issue_id` = `newsletter_issues`.`id`)
  WHERE `sent_at` IS NOT NULL;

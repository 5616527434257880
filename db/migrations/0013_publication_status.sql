ALTER TABLE `articles` ADD `status` text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `publish_at` text;--> statement-breakpoint
CREATE INDEX `articles_status_idx` ON `articles` (`status`,`publish_at`);--> statement-breakpoint
ALTER TABLE `courses` ADD `status` text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `courses` ADD `publish_at` text;--> statement-breakpoint
CREATE INDEX `courses_status_idx` ON `courses` (`status`,`publish_at`);--> statement-breakpoint
ALTER TABLE `practices` ADD `status` text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE `practices` ADD `publish_at` text;--> statement-breakpoint
CREATE INDEX `practices_status_idx` ON `practices` (`status`,`publish_at`);--> statement-breakpoint
UPDATE `courses` SET `status` = CASE WHEN `published` THEN 'published' ELSE 'draft' END;--> statement-breakpoint
ALTER TABLE `courses` DROP COLUMN `published`;

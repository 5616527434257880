ALTER TABLE `courses` ADD `image_alt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `courses` ADD `published` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `courses` ADD `updated_at` text;
ALTER TABLE `admin_invites` ADD `role` text DEFAULT 'editor' NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `submitted_at` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `created_by` integer REFERENCES admin_accounts(id);--> statement-breakpoint
ALTER TABLE `courses` ADD `submitted_at` text;--> statement-breakpoint
ALTER TABLE `courses` ADD `created_by` integer REFERENCES admin_accounts(id);--> statement-breakpoint
ALTER TABLE `practices` ADD `submitted_at` text;--> statement-breakpoint
ALTER TABLE `practices` ADD `created_by` integer REFERENCES admin_accounts(id);--> statement-breakpoint
ALTER TABLE `resources` ADD `created_by` integer REFERENCES admin_accounts(id);
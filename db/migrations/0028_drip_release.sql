CREATE TABLE `drip_notices` (
	`email` text NOT NULL,
	`module_id` integer NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`email`, `module_id`),
	FOREIGN KEY (`module_id`) REFERENCES `course_modules`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `drip_notices_day_idx` ON `drip_notices` (`email`,`day`);--> statement-breakpoint
ALTER TABLE `course_modules` ADD `drip_date` text;--> statement-breakpoint
ALTER TABLE `courses` ADD `drip_mode` text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE `courses` ADD `drip_days` integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE `courses` ADD `drip_email` integer DEFAULT true NOT NULL;
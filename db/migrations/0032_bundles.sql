CREATE TABLE `bundle_courses` (
	`bundle_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`bundle_id`, `course_id`),
	FOREIGN KEY (`bundle_id`) REFERENCES `bundles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bundle_courses_course_idx` ON `bundle_courses` (`course_id`);--> statement-breakpoint
CREATE TABLE `bundles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`price_cents` integer NOT NULL,
	`published` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text
);
--> statement-breakpoint
ALTER TABLE `enrollments` ADD `bundle_id` integer REFERENCES bundles(id);--> statement-breakpoint
ALTER TABLE `enrollments` ADD `order_id` integer;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `credit_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `credit_refund_id` text;--> statement-breakpoint
CREATE INDEX `enrollments_order_idx` ON `enrollments` (`order_id`);--> statement-breakpoint
-- hand-written:
-- A bundle's order row decides for the courses it opened: its status and access (a refund, the admin's "keep access")
-- are copied to its other courses' rows in the same statement, so a bundle is never half refunded.
CREATE TRIGGER `enrollments_bundle_order_to_courses` AFTER UPDATE OF `status`, `keep_access`, `refund_id`, `refunded_at` ON `enrollments` WHEN NEW.`bundle_id` IS NOT NULL AND NEW.`order_id` IS NULL BEGIN UPDATE `enrollments` SET `status` = NEW.`status`, `keep_access` = NEW.`keep_access`, `refund_id` = NEW.`refund_id`, `refunded_at` = NEW.`refunded_at` WHERE `order_id` = NEW.`id`; END;

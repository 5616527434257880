ALTER TABLE `enrollments` ADD `refund_id` text;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `refunded_at` text;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `keep_access` integer DEFAULT false NOT NULL;
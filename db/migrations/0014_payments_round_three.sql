CREATE TABLE `payment_refunds` (
	`payment_intent_id` text PRIMARY KEY NOT NULL,
	`refund_id` text,
	`refunded_cents` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `unmatched_payments` (
	`payment_intent_id` text PRIMARY KEY NOT NULL,
	`course_id` integer,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'refund-due' NOT NULL,
	`refund_id` text,
	`refunded_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `enrollments` ADD `refund_reason` text;
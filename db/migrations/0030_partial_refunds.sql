CREATE TABLE `order_refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`enrollment_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`remove_access` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`stripe_refund_id` text,
	`created_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`enrollment_id`) REFERENCES `enrollments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `order_refunds_enrollment_idx` ON `order_refunds` (`enrollment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `order_refunds_stripe_uq` ON `order_refunds` (`stripe_refund_id`);--> statement-breakpoint
ALTER TABLE `enrollments` ADD `refunded_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written: orders refunded before partial refunds existed were refunded in full.
UPDATE `enrollments` SET `refunded_cents` = `amount_cents` WHERE `status` = 'refunded';

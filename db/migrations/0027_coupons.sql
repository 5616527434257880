CREATE TABLE `coupon_redemptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`coupon_id` integer NOT NULL,
	`attempt_key` text NOT NULL,
	`payment_intent_id` text,
	`course_id` integer NOT NULL,
	`email` text NOT NULL,
	`price_cents` integer NOT NULL,
	`discount_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text DEFAULT 'reserved' NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_redemptions_attempt_uq` ON `coupon_redemptions` (`attempt_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_redemptions_intent_uq` ON `coupon_redemptions` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `coupon_redemptions_coupon_idx` ON `coupon_redemptions` (`coupon_id`,`status`);--> statement-breakpoint
CREATE TABLE `coupons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`value` integer NOT NULL,
	`course_ids` text,
	`starts_at` text,
	`ends_at` text,
	`max_uses` integer,
	`per_email_limit` integer,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_code_uq` ON `coupons` (`code`);--> statement-breakpoint
ALTER TABLE `enrollments` ADD `coupon_code` text;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `discount_cents` integer DEFAULT 0 NOT NULL;
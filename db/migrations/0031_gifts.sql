CREATE TABLE `gifts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`enrollment_id` integer NOT NULL,
	`buyer_email` text NOT NULL,
	`recipient_email` text NOT NULL,
	`recipient_name` text DEFAULT '' NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`send_on` text NOT NULL,
	`sent_at` text,
	`redeemed_at` text,
	`manage_token_hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`enrollment_id`) REFERENCES `enrollments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gifts_enrollment_uq` ON `gifts` (`enrollment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `gifts_manage_token_uq` ON `gifts` (`manage_token_hash`);--> statement-breakpoint
CREATE INDEX `gifts_due_idx` ON `gifts` (`sent_at`,`send_on`);--> statement-breakpoint
CREATE INDEX `gifts_recipient_idx` ON `gifts` (`recipient_email`);
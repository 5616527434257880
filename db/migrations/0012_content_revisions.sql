CREATE TABLE `content_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`content_type` text NOT NULL,
	`content_id` integer NOT NULL,
	`number` integer NOT NULL,
	`snapshot` text NOT NULL,
	`extra` text,
	`saved_by_id` integer,
	`saved_by` text,
	`summary` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_revisions_item_number_idx` ON `content_revisions` (`content_type`,`content_id`,`number`);
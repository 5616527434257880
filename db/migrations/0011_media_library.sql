CREATE TABLE `media` (
	`key` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`content_type` text NOT NULL,
	`bytes` integer NOT NULL,
	`width` integer,
	`height` integer,
	`duration_seconds` integer,
	`alt_text` text DEFAULT '' NOT NULL,
	`original_filename` text NOT NULL,
	`uploaded_by` text NOT NULL,
	`uploaded_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `media_uploaded_at_idx` ON `media` (`uploaded_at`);
CREATE TABLE `analytics_dimensions` (
	`day` text NOT NULL,
	`dimension` text NOT NULL,
	`value` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `dimension`, `value`)
);
--> statement-breakpoint
CREATE TABLE `analytics_pages` (
	`day` text NOT NULL,
	`pattern` text NOT NULL,
	`content_id` text DEFAULT '' NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`visitors` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `pattern`, `content_id`)
);
--> statement-breakpoint
CREATE TABLE `analytics_plays` (
	`day` text NOT NULL,
	`practice_id` integer NOT NULL,
	`plays` integer DEFAULT 0 NOT NULL,
	`halves` integer DEFAULT 0 NOT NULL,
	`completions` integer DEFAULT 0 NOT NULL,
	`seconds_listened` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `practice_id`)
);
--> statement-breakpoint
CREATE TABLE `analytics_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `analytics_seen` (
	`day` text NOT NULL,
	`key` text NOT NULL,
	PRIMARY KEY(`day`, `key`)
);
--> statement-breakpoint
ALTER TABLE `enrollments` ADD `source` text;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `medium` text;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `campaign` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `source` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `medium` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `campaign` text;
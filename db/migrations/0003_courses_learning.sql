CREATE TABLE `access_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`course_id` integer,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `access_tokens_expires_idx` ON `access_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `assessment_responses` (
	`email` text NOT NULL,
	`assessment_id` integer NOT NULL,
	`answer` text DEFAULT '' NOT NULL,
	`quiz_answers` text,
	`score` integer,
	`passed` integer DEFAULT false NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`email`, `assessment_id`),
	FOREIGN KEY (`assessment_id`) REFERENCES `assessments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `certificates` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`course_id` integer NOT NULL,
	`name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_email_course_uq` ON `certificates` (`email`,`course_id`);--> statement-breakpoint
CREATE TABLE `learner_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `learner_sessions_expires_idx` ON `learner_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `lesson_progress` (
	`email` text NOT NULL,
	`lesson_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`visited_at` text NOT NULL,
	`completed_at` text,
	PRIMARY KEY(`email`, `lesson_id`),
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lesson_progress_course_idx` ON `lesson_progress` (`email`,`course_id`,`visited_at`);--> statement-breakpoint
CREATE TABLE `mail_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`kind` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE INDEX `mail_log_created_idx` ON `mail_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `mail_log_to_idx` ON `mail_log` (`to`);--> statement-breakpoint
CREATE TABLE `quiz_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`assessment_id` integer NOT NULL,
	`position` integer NOT NULL,
	`prompt` text NOT NULL,
	`choices` text NOT NULL,
	`correct_choice` integer NOT NULL,
	FOREIGN KEY (`assessment_id`) REFERENCES `assessments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quiz_questions_assessment_idx` ON `quiz_questions` (`assessment_id`,`position`);--> statement-breakpoint
ALTER TABLE `assessments` ADD `prompt` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `assessments` ADD `pass_mark` integer DEFAULT 70 NOT NULL;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `currency` text DEFAULT 'usd' NOT NULL;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `email` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `status` text DEFAULT 'paid' NOT NULL;--> statement-breakpoint
CREATE INDEX `enrollments_email_idx` ON `enrollments` (`email`,`course_id`);--> statement-breakpoint
ALTER TABLE `lessons` ADD `body` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `lessons` ADD `audio_url` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `lessons` ADD `audio_transcript` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `lessons` ADD `free_preview` integer DEFAULT false NOT NULL;
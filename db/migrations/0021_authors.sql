CREATE TABLE `authors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`role` text DEFAULT '' NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`portrait` text DEFAULT '' NOT NULL,
	`links` text DEFAULT '[]' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text
);
--> statement-breakpoint
ALTER TABLE `articles` ADD `author_id` integer REFERENCES authors(id);--> statement-breakpoint
CREATE INDEX `articles_author_idx` ON `articles` (`author_id`);--> statement-breakpoint
-- Data: one author per distinct article author name, in the order of their first article, and each article linked
-- to its author (the seed then gives the seed's three contributors their role, bio and portrait: db/seed/index.ts).
INSERT INTO `authors` (`name`, `position`) SELECT `author`, row_number() OVER (ORDER BY min(`id`)) FROM `articles` GROUP BY `author`;--> statement-breakpoint
UPDATE `articles` SET `author_id` = (SELECT `id` FROM `authors` WHERE `authors`.`name` = `articles`.`author`);--> statement-breakpoint
-- Renaming an author renames them in their articles: `articles.author` stays the author's name (search, feeds, e-mails).
CREATE TRIGGER `authors_name_to_articles` AFTER UPDATE OF `name` ON `authors` BEGIN UPDATE `articles` SET `author` = NEW.`name` WHERE `author_id` = NEW.`id`; END;

CREATE TABLE `article_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`colour` text DEFAULT 'sand' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `article_categories_name_unique` ON `article_categories` (`name`);--> statement-breakpoint
ALTER TABLE `recommended_books` ADD `position` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `recommended_books` ADD `updated_at` text;--> statement-breakpoint
-- hand-written:
-- Data: one category per distinct article category (the seed then describes, colours and orders the five: db/seed/index.ts),
-- and the books in their order of today.
INSERT INTO `article_categories` (`name`, `position`) SELECT `category`, row_number() OVER (ORDER BY `category`) FROM `articles` GROUP BY `category`;--> statement-breakpoint
UPDATE `recommended_books` SET `position` = `id`;--> statement-breakpoint
-- Renaming a category renames it in its articles, in the same statement: `articles.category` keeps the category's name.
CREATE TRIGGER `article_categories_name_to_articles` AFTER UPDATE OF `name` ON `article_categories` BEGIN UPDATE `articles` SET `category` = NEW.`name` WHERE `category` = OLD.`name`; END;

DROP INDEX `content_revisions_item_number_idx`;--> statement-breakpoint
ALTER TABLE `content_revisions` ADD `kind` text DEFAULT 'save' NOT NULL;--> statement-breakpoint
ALTER TABLE `content_revisions` ADD `base_version` text;--> statement-breakpoint
CREATE UNIQUE INDEX `content_revisions_autosave_idx` ON `content_revisions` (`content_type`,`content_id`,`saved_by`) WHERE kind = 'autosave';--> statement-breakpoint
CREATE UNIQUE INDEX `content_revisions_item_number_idx` ON `content_revisions` (`content_type`,`content_id`,`number`) WHERE kind = 'save';
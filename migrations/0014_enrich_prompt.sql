ALTER TABLE `site_prompts` ADD `kind` text DEFAULT 'mapping' NOT NULL;--> statement-breakpoint
DROP INDEX `site_prompts_version_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `site_prompts_version_idx` ON `site_prompts` (`site_id`,`kind`,`version`);

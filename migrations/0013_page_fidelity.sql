CREATE TABLE `page_fidelity` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`site_id` text NOT NULL,
	`migration_id` text NOT NULL,
	`snapshot_id` text NOT NULL,
	`source_url` text NOT NULL,
	`target_url` text NOT NULL,
	`score` real NOT NULL,
	`needs_review` integer DEFAULT false NOT NULL,
	`detail` text NOT NULL,
	`screenshot_key` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`migration_id`) REFERENCES `migration_runs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`snapshot_id`) REFERENCES `snapshots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `page_fidelity_snapshot_idx` ON `page_fidelity` (`snapshot_id`);--> statement-breakpoint
CREATE INDEX `page_fidelity_run_score_idx` ON `page_fidelity` (`migration_id`,`score`);

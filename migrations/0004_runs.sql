CREATE TABLE `migration_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`site_id` text NOT NULL,
	`migration_id` text NOT NULL,
	`level` text NOT NULL,
	`message` text NOT NULL,
	`url` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`migration_id`) REFERENCES `migration_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `migration_logs_run_idx` ON `migration_logs` (`migration_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `migration_logs_site_idx` ON `migration_logs` (`site_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `migration_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`site_id` text NOT NULL,
	`started_by_user_id` text,
	`status` text NOT NULL,
	`options` text NOT NULL,
	`progress` text NOT NULL,
	`total_count` integer DEFAULT 0 NOT NULL,
	`succeeded` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`component_count` integer DEFAULT 0 NOT NULL,
	`error_message` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`heartbeat_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`started_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `migration_runs_site_idx` ON `migration_runs` (`site_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `migration_runs_org_idx` ON `migration_runs` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `migration_runs_one_active_idx` ON `migration_runs` (`site_id`) WHERE status in ('running', 'processing');--> statement-breakpoint
CREATE TABLE `snapshots` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`site_id` text NOT NULL,
	`migration_id` text NOT NULL,
	`url` text NOT NULL,
	`final_url` text NOT NULL,
	`http_status` integer NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`content_hash` text NOT NULL,
	`screenshot_key` text,
	`extraction_key` text NOT NULL,
	`component_count` integer DEFAULT 0 NOT NULL,
	`image_count` integer DEFAULT 0 NOT NULL,
	`link_count` integer DEFAULT 0 NOT NULL,
	`duration_ms` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`migration_id`) REFERENCES `migration_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `snapshots_run_url_idx` ON `snapshots` (`migration_id`,`url`);--> statement-breakpoint
CREATE INDEX `snapshots_site_idx` ON `snapshots` (`site_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `snapshots_site_url_idx` ON `snapshots` (`site_id`,`url`,`created_at`);
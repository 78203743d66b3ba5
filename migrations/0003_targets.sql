CREATE TABLE `run_writes` (
	`id` text PRIMARY KEY NOT NULL,
	`migration_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`action` text NOT NULL,
	`item_key` text,
	`target_id` text NOT NULL,
	`target_path` text,
	`previous` text,
	`previous_item` text,
	`rolled_back_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`migration_id`) REFERENCES `target_runs`(`migration_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `run_writes_migration_seq_idx` ON `run_writes` (`migration_id`,`seq`);--> statement-breakpoint
CREATE TABLE `target_assets` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`site_id` text NOT NULL,
	`platform` text NOT NULL,
	`content_hash` text NOT NULL,
	`source_url` text NOT NULL,
	`target_id` text NOT NULL,
	`target_url` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `target_assets_site_hash_idx` ON `target_assets` (`site_id`,`platform`,`content_hash`);--> statement-breakpoint
CREATE INDEX `target_assets_source_idx` ON `target_assets` (`site_id`,`platform`,`source_url`);--> statement-breakpoint
CREATE TABLE `target_items` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`site_id` text NOT NULL,
	`platform` text NOT NULL,
	`item_key` text NOT NULL,
	`source_url` text NOT NULL,
	`target_id` text NOT NULL,
	`target_path` text NOT NULL,
	`version` text,
	`content_hash` text NOT NULL,
	`last_migration_id` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `target_items_site_key_idx` ON `target_items` (`site_id`,`platform`,`item_key`);--> statement-breakpoint
CREATE INDEX `target_items_migration_idx` ON `target_items` (`last_migration_id`);--> statement-breakpoint
CREATE TABLE `target_runs` (
	`migration_id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`site_id` text NOT NULL,
	`platform` text NOT NULL,
	`asset_mode` text NOT NULL,
	`keep_yaml_file` integer DEFAULT false NOT NULL,
	`outputs` text,
	`summary` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`finished_at` integer,
	`rolled_back_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `target_runs_site_idx` ON `target_runs` (`site_id`,`created_at`);
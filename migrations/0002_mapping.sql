CREATE TABLE `auto_populate_jobs` (
	`site_id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`status` text NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`url` text DEFAULT '' NOT NULL,
	`selector` text DEFAULT '' NOT NULL,
	`suggested_components` text,
	`error` text,
	`started_by_user_id` text,
	`started_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`started_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `mapping_decisions` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`site_id` text NOT NULL,
	`snapshot_id` text NOT NULL,
	`proposal_id` text NOT NULL,
	`action` text NOT NULL,
	`confidence` real NOT NULL,
	`before` text,
	`after` text,
	`user_id` text,
	`impersonator_user_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `mapping_decisions_site_idx` ON `mapping_decisions` (`organization_id`,`site_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `mapping_decisions_proposal_idx` ON `mapping_decisions` (`proposal_id`);--> statement-breakpoint
CREATE TABLE `mapping_memory` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`scope` text NOT NULL,
	`signature` text NOT NULL,
	`loose_signature` text NOT NULL,
	`signature_parts` text,
	`target_component` text NOT NULL,
	`target_field` text DEFAULT '' NOT NULL,
	`confirmations` integer DEFAULT 0 NOT NULL,
	`rejections` integer DEFAULT 0 NOT NULL,
	`last_user_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mapping_memory_key_idx` ON `mapping_memory` (`organization_id`,`signature`,`target_component`,`target_field`);--> statement-breakpoint
CREATE INDEX `mapping_memory_loose_idx` ON `mapping_memory` (`organization_id`,`loose_signature`);--> statement-breakpoint
CREATE TABLE `mapping_proposals` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`site_id` text NOT NULL,
	`snapshot_id` text NOT NULL,
	`instance_index` integer NOT NULL,
	`scope` text NOT NULL,
	`source_definition` text,
	`source_name` text,
	`source_selector` text,
	`source_kind` text,
	`source_path` text,
	`source_classes` text,
	`signature` text NOT NULL,
	`loose_signature` text NOT NULL,
	`target_component` text,
	`target_field` text,
	`target_type` text,
	`value` text,
	`confidence` real NOT NULL,
	`layer` text NOT NULL,
	`evidence` text,
	`status` text NOT NULL,
	`final_component` text,
	`final_field` text,
	`final_value` text,
	`decided_by_user_id` text,
	`decided_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`snapshot_id`) REFERENCES `mapping_snapshots`(`snapshot_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `mapping_proposals_snapshot_idx` ON `mapping_proposals` (`snapshot_id`,`instance_index`);--> statement-breakpoint
CREATE INDEX `mapping_proposals_site_idx` ON `mapping_proposals` (`organization_id`,`site_id`,`status`);--> statement-breakpoint
CREATE TABLE `mapping_settings` (
	`site_id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`llm_provider` text DEFAULT 'none' NOT NULL,
	`model` text DEFAULT '' NOT NULL,
	`base_url` text DEFAULT '' NOT NULL,
	`api_key` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `mapping_snapshots` (
	`snapshot_id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`site_id` text NOT NULL,
	`run_id` text,
	`url` text NOT NULL,
	`status` text NOT NULL,
	`min_confidence` real NOT NULL,
	`lowest_confidence` real,
	`options` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mapping_snapshots_site_idx` ON `mapping_snapshots` (`organization_id`,`site_id`,`status`);--> statement-breakpoint
CREATE TABLE `site_prompts` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`site_id` text NOT NULL,
	`version` integer NOT NULL,
	`prompt` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_by_user_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_prompts_version_idx` ON `site_prompts` (`site_id`,`version`);
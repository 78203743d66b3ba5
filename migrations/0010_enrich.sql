CREATE TABLE `enrich_page_audits` (
	`snapshot_id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`site_id` text NOT NULL,
	`run_id` text NOT NULL,
	`url` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`word_count` integer DEFAULT 0 NOT NULL,
	`findings` text NOT NULL,
	`score_before` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`snapshot_id`) REFERENCES `snapshots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`run_id`) REFERENCES `migration_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `enrich_page_audits_site_idx` ON `enrich_page_audits` (`site_id`,`run_id`);
--> statement-breakpoint
CREATE TABLE `enrich_proposals` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`site_id` text NOT NULL,
	`snapshot_id` text NOT NULL,
	`run_id` text NOT NULL,
	`page_url` text NOT NULL,
	`field` text NOT NULL,
	`target` text DEFAULT '' NOT NULL,
	`kind` text NOT NULL,
	`before` text DEFAULT '' NOT NULL,
	`value` text NOT NULL,
	`final_value` text,
	`confidence` real NOT NULL,
	`source` text NOT NULL,
	`rationale` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`remembered` integer DEFAULT false NOT NULL,
	`decided_by_user_id` text,
	`decided_at` integer,
	`applied_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`snapshot_id`) REFERENCES `snapshots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `enrich_proposals_snapshot_field_idx` ON `enrich_proposals` (`snapshot_id`,`field`,`target`);
--> statement-breakpoint
CREATE INDEX `enrich_proposals_site_idx` ON `enrich_proposals` (`site_id`,`run_id`,`status`);
--> statement-breakpoint
CREATE TABLE `enrich_decisions` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`site_id` text NOT NULL,
	`page_url` text NOT NULL,
	`field` text NOT NULL,
	`target` text DEFAULT '' NOT NULL,
	`action` text NOT NULL,
	`proposed_value` text NOT NULL,
	`final_value` text,
	`user_id` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `enrich_decisions_page_field_idx` ON `enrich_decisions` (`site_id`,`page_url`,`field`,`target`);
--> statement-breakpoint
CREATE TABLE `enrich_applies` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`site_id` text NOT NULL,
	`platform` text NOT NULL,
	`user_id` text,
	`summary` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`rolled_back_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_id`) REFERENCES `sites`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `enrich_applies_site_idx` ON `enrich_applies` (`site_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `enrich_apply_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`apply_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`proposal_id` text NOT NULL,
	`page_url` text NOT NULL,
	`field` text NOT NULL,
	`target` text DEFAULT '' NOT NULL,
	`target_id` text,
	`status` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`before` text,
	`after` text,
	`rolled_back_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`apply_id`) REFERENCES `enrich_applies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `enrich_apply_changes_apply_idx` ON `enrich_apply_changes` (`apply_id`);

ALTER TABLE `mapping_proposals` ADD `source_provenance` text;--> statement-breakpoint
ALTER TABLE `mapping_proposals` ADD `source_box` text;
ALTER TABLE `run_writes` ADD `metadata` text;

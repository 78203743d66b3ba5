ALTER TABLE `run_writes` ADD `links_outside` text;

CREATE TABLE `analytics_clients` (
	`day` text NOT NULL,
	`client` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `client`)
);

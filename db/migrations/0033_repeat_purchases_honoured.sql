-- ADR 0008 (issue #37): a repeat purchase is a paid order with a refund link; an unproven session opens only what its order grants
-- (unproven sessions started before this have no order and open nothing: their receipt link still works); no per-address coupon limit.
ALTER TABLE `enrollments` ADD `refund_link_hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_refund_link_uq` ON `enrollments` (`refund_link_hash`);--> statement-breakpoint
ALTER TABLE `learner_sessions` ADD `enrollment_id` integer;--> statement-breakpoint
ALTER TABLE `coupons` DROP COLUMN `per_email_limit`;
ALTER TABLE `assessment_responses` ADD `attempts_to_pass` integer;
-- hand-written:
-- Quizzes passed before this column existed: the attempts so far are the best figure there is (retries after the pass
-- count too, so it is an upper bound).
UPDATE `assessment_responses` SET `attempts_to_pass` = `attempts` WHERE `passed` = 1 AND `quiz_answers` IS NOT NULL AND `attempts_to_pass` IS NULL;

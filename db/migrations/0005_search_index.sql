-- Full-text search over the public content (app/server/search.server.ts). Not in db/schema.ts: drizzle
-- cannot describe an FTS5 virtual table. One row per published article, practice, resource or course;
-- rowid = ref_id * 4 + the type's number, so a write replaces its own row without a scan.
-- The application fills it (a SQL trigger cannot compute an article's static-essay body): after every
-- admin write, when the seed runs, and with `npm run search:rebuild` (docs/search.md).
CREATE VIRTUAL TABLE `search_index` USING fts5(
  `type` UNINDEXED,
  `ref_id` UNINDEXED,
  `title`,
  `body`,
  tokenize = 'porter unicode61 remove_diacritics 2'
);

-- Issue 35: a part's stock changes often (orders, feeds of 10,000 counts), its indexed columns
-- rarely. With room left on each page, such an UPDATE stays on the page and skips the part's
-- fourteen indexes (a heap-only tuple); full pages forced a new entry in every index. Applies to
-- pages written from now on (a VACUUM FULL rewrites older ones). See decision 059.
ALTER TABLE "parts" SET (fillfactor = 80);

-- A visitor's cart merged at sign-in is named by the browser: the same name merges once, so a
-- merge sent again from the next page (its answer lost when the buyer left the page) adds nothing.
ALTER TABLE "carts" ADD COLUMN "merge_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;

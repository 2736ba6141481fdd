-- Issue 22: volume prices and superseded part numbers.
-- A part's price ladder lives on its row (two arrays of the same length, smallest quantity first),
-- so the placing statement reads it with the row it locks, and an edit of the ladder (an update
-- of the row) queues behind a reservation instead of slipping between its check and its write.
-- The ladder's order (above the minimum, whole packs, each step larger and cheaper) is the
-- contract's `ladderIssues`, checked by the service against what the part will be.
ALTER TABLE "parts" ADD COLUMN "tier_quantities" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "tier_cents" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_tiers_shape" CHECK (
  cardinality("tier_quantities") = cardinality("tier_cents") AND cardinality("tier_quantities") <= 10
);--> statement-breakpoint
-- Part numbers this part replaces (ours, not the carmaker's), upper-case without spaces like the
-- OEM numbers: quick order, the exact-number search and the part page's address find the part by
-- them.
ALTER TABLE "parts" ADD COLUMN "superseded_numbers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "parts_superseded_numbers_idx" ON "parts" USING gin ("superseded_numbers");--> statement-breakpoint
-- The ladder the buyer saw with the line's price: a ladder edited since is a price change the
-- cart shows, like a new list price.
ALTER TABLE "cart_lines" ADD COLUMN "seen_tier_quantities" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "seen_tier_cents" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- Which volume price a line got (the step's quantity); null at the part's own price.
ALTER TABLE "order_lines" ADD COLUMN "price_step" integer;--> statement-breakpoint
-- Search sees superseded numbers: the update trigger of 0015 also fires when they change.
DROP TRIGGER "parts_search_changes_update" ON "parts";--> statement-breakpoint
CREATE TRIGGER "parts_search_changes_update" AFTER UPDATE ON "parts"
  FOR EACH ROW WHEN (
    OLD.name IS DISTINCT FROM NEW.name
    OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.sku IS DISTINCT FROM NEW.sku
    OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.price_cents IS DISTINCT FROM NEW.price_cents
    OR OLD.oem_numbers IS DISTINCT FROM NEW.oem_numbers
    OR OLD.superseded_numbers IS DISTINCT FROM NEW.superseded_numbers
    OR OLD.specs IS DISTINCT FROM NEW.specs
    OR OLD.fit_makes IS DISTINCT FROM NEW.fit_makes
    OR OLD.image_url IS DISTINCT FROM NEW.image_url
    OR OLD.archived_at IS DISTINCT FROM NEW.archived_at
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.search_vector IS DISTINCT FROM NEW.search_vector
    OR OLD.pack_size IS DISTINCT FROM NEW.pack_size
    OR OLD.min_order_quantity IS DISTINCT FROM NEW.min_order_quantity
    OR OLD.max_order_quantity IS DISTINCT FROM NEW.max_order_quantity
    OR (OLD.available_quantity >= OLD.min_order_quantity)
       IS DISTINCT FROM (NEW.available_quantity >= NEW.min_order_quantity)
  ) EXECUTE FUNCTION "search_changes_log"();

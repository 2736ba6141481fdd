-- Issue 36 (decision 061, "Search by the buyer's price"): the search index keeps each part's
-- public unit price at its minimum order quantity, which its volume ladder decides, so a change of
-- the ladder alone is logged for the search too (the update trigger of 0016, with the tiers).
DROP TRIGGER "parts_search_changes_update" ON "parts";--> statement-breakpoint
CREATE TRIGGER "parts_search_changes_update" AFTER UPDATE ON "parts"
  FOR EACH ROW WHEN (
    OLD.name IS DISTINCT FROM NEW.name
    OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.sku IS DISTINCT FROM NEW.sku
    OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.price_cents IS DISTINCT FROM NEW.price_cents
    OR OLD.tier_quantities IS DISTINCT FROM NEW.tier_quantities
    OR OLD.tier_cents IS DISTINCT FROM NEW.tier_cents
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

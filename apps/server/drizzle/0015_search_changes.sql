-- Issue 25: every instance keeps the catalog's search index in memory; this log tells each one
-- which parts changed. A trigger writes one row per part whose search-visible fields changed
-- (insert, delete, and an update of text, number, category, price, OEM numbers, specs, fitment
-- through fit_makes, image, archive, pack size, order limits, or the in-stock flag flipping) and
-- notifies channel `search_changes` at commit; instances LISTEN, and poll the log as a backstop
-- for a missed notification (NOTIFY is not replayed). A stock movement that leaves the part in
-- stock (or out of it) writes nothing: search reads a page's stock levels from `parts` itself.
-- Rows older than an hour are deleted by the instances.
CREATE TABLE "search_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"part_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "search_changes_at_idx" ON "search_changes" USING btree ("at");--> statement-breakpoint
CREATE FUNCTION "search_changes_log"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (part_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  -- One payload for all: notifications with the same payload in one transaction are sent once.
  PERFORM pg_notify('search_changes', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "parts_search_changes" AFTER INSERT OR DELETE ON "parts"
  FOR EACH ROW EXECUTE FUNCTION "search_changes_log"();--> statement-breakpoint
CREATE TRIGGER "parts_search_changes_update" AFTER UPDATE ON "parts"
  FOR EACH ROW WHEN (
    OLD.name IS DISTINCT FROM NEW.name
    OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.sku IS DISTINCT FROM NEW.sku
    OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.price_cents IS DISTINCT FROM NEW.price_cents
    OR OLD.oem_numbers IS DISTINCT FROM NEW.oem_numbers
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
  ) EXECUTE FUNCTION "search_changes_log"();--> statement-breakpoint
CREATE FUNCTION "search_changes_fitment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (part_id)
    SELECT DISTINCT part_id FROM (SELECT part_id FROM changed) AS c;
  PERFORM pg_notify('search_changes', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "part_fitments_search_changes_insert" AFTER INSERT ON "part_fitments"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "search_changes_fitment"();--> statement-breakpoint
CREATE TRIGGER "part_fitments_search_changes_delete" AFTER DELETE ON "part_fitments"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "search_changes_fitment"();

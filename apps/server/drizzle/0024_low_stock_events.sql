-- Issue 35: the part.low_stock webhook event (decision 059). Every writer of a part's stock (the
-- placing statement, the ledger's moves, the feeds, the import) goes through an UPDATE of
-- parts.available_quantity, so a trigger sees each crossing below the low-stock line in the
-- writing transaction, whoever wrote it. The line's factor (LOW_STOCK_FACTOR) is copied here by
-- the app at start-up; the event's body is filled by the delivery worker through the part's
-- serializer, as for an order placed.
CREATE TABLE "webhook_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"low_stock_factor" numeric NOT NULL,
	CONSTRAINT "webhook_settings_one_row" CHECK ("id")
);--> statement-breakpoint
CREATE FUNCTION "parts_low_stock_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  factor numeric;
BEGIN
  SELECT low_stock_factor INTO factor FROM webhook_settings;
  IF factor IS NULL OR NEW.archived_at IS NOT NULL
     OR OLD.available_quantity < factor * OLD.min_order_quantity
     OR NEW.available_quantity >= factor * NEW.min_order_quantity THEN
    RETURN NULL;
  END IF;
  WITH listening AS (
    SELECT e.id FROM webhook_endpoints e
     WHERE e.enabled AND e.company_id IS NULL
       AND (cardinality(e.event_types) = 0 OR 'part.low_stock' = ANY (e.event_types))
  ), ev AS (
    INSERT INTO webhook_events (type, object_type, object_id)
    SELECT 'part.low_stock', 'part', NEW.id::text WHERE EXISTS (SELECT 1 FROM listening)
    RETURNING id
  )
  INSERT INTO webhook_deliveries (event_id, endpoint_id) SELECT ev.id, l.id FROM ev, listening l;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "parts_low_stock_event" AFTER UPDATE OF "available_quantity" ON "parts"
  FOR EACH ROW WHEN (NEW.available_quantity < OLD.available_quantity)
  EXECUTE FUNCTION "parts_low_stock_event"();

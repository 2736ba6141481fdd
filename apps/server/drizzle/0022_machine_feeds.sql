-- Issue 35: the v1 orders feed and ERP orders (decision 059). Every write of an order stamps it
-- with its transaction's id; the feed reads in (change_txid, id) order and only below the oldest
-- transaction still running, so a change committed late is never behind a cursor already given.
ALTER TABLE "orders" ADD COLUMN "change_txid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_change_idx" ON "orders" ("change_txid", "id");--> statement-breakpoint
CREATE INDEX "orders_company_change_idx" ON "orders" ("company_id", "change_txid", "id") WHERE "company_id" is not null;--> statement-breakpoint
CREATE FUNCTION "orders_stamp_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_txid := pg_current_xact_id()::text::bigint;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_stamp_change" BEFORE INSERT OR UPDATE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_stamp_change"();--> statement-breakpoint
-- An ERP's Idempotency-Key with the fingerprint of the body it came with: the same key with
-- another body is refused (the order itself is found by orders.idempotency_key).
CREATE TABLE "api_idempotency" (
	"key_id" uuid NOT NULL REFERENCES "api_keys"("id") ON DELETE cascade,
	"idempotency_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_idempotency_pk" PRIMARY KEY ("key_id", "idempotency_key")
);

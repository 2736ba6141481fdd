-- Issue 24: quotes. A buyer asks for a price (version 0, the request); staff send offers
-- (versions 1, 2, ...), each kept unchanged once sent; the buyer accepts one into an order
-- (orders.quote_id, unique: a quote becomes at most one order), rejects it or asks for a
-- revision; staff may decline; an offer past its date expires. Every transition is one
-- conditional UPDATE of the quote's row (decision 048). Personal text: quotes.note,
-- quote_versions.message, quote_events.message.
CREATE SEQUENCE "quote_numbers" START WITH 1;--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint DEFAULT nextval('quote_numbers') NOT NULL UNIQUE,
	"user_id" text NOT NULL REFERENCES "users"("id"),
	"company_id" uuid REFERENCES "companies"("id"),
	"status" text DEFAULT 'requested' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid_until" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"order_id" uuid UNIQUE REFERENCES "orders"("id") DEFERRABLE INITIALLY DEFERRED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_known" CHECK ("status" in ('requested', 'offered', 'accepted', 'rejected', 'revision_requested', 'declined', 'expired')),
	CONSTRAINT "quotes_version_not_negative" CHECK ("version" >= 0),
	CONSTRAINT "quotes_offered_has_date" CHECK ("status" <> 'offered' or ("version" > 0 and "valid_until" is not null)),
	CONSTRAINT "quotes_accepted_has_order" CHECK (("status" = 'accepted') = ("order_id" is not null))
);--> statement-breakpoint
CREATE INDEX "quotes_user_idx" ON "quotes" USING btree ("user_id", "created_at");--> statement-breakpoint
CREATE INDEX "quotes_company_idx" ON "quotes" USING btree ("company_id", "created_at") WHERE "company_id" is not null;--> statement-breakpoint
CREATE INDEX "quotes_offered_until_idx" ON "quotes" USING btree ("valid_until") WHERE "status" = 'offered';--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status", "created_at");--> statement-breakpoint
CREATE TABLE "quote_versions" (
	"quote_id" uuid NOT NULL REFERENCES "quotes"("id") ON DELETE cascade,
	"version" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"valid_until" timestamp with time zone,
	"total_cents" bigint,
	"created_by" text REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_versions_pk" PRIMARY KEY("quote_id", "version"),
	CONSTRAINT "quote_versions_offer_complete" CHECK ("version" = 0 or ("valid_until" is not null and "total_cents" is not null))
);--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"quote_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"line_no" integer NOT NULL,
	"part_id" uuid NOT NULL REFERENCES "parts"("id"),
	"sku" text NOT NULL,
	"part_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer,
	"target_cents" integer,
	"total_cents" bigint,
	CONSTRAINT "quote_lines_pk" PRIMARY KEY("quote_id", "version", "line_no"),
	CONSTRAINT "quote_lines_version_fk" FOREIGN KEY ("quote_id", "version") REFERENCES "quote_versions"("quote_id", "version") ON DELETE cascade,
	CONSTRAINT "quote_lines_one_per_part" UNIQUE ("quote_id", "version", "part_id"),
	CONSTRAINT "quote_lines_quantity_positive" CHECK ("quantity" > 0),
	CONSTRAINT "quote_lines_offer_priced" CHECK ("version" = 0 or ("unit_price_cents" > 0 and "total_cents" = "unit_price_cents"::bigint * "quantity")),
	CONSTRAINT "quote_lines_target_positive" CHECK ("target_cents" is null or "target_cents" > 0)
);--> statement-breakpoint
CREATE TABLE "quote_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"quote_id" uuid NOT NULL REFERENCES "quotes"("id") ON DELETE cascade,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"actor_id" text,
	"from_status" text,
	"to_status" text NOT NULL,
	"version" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	CONSTRAINT "quote_events_actor_known" CHECK ("actor" in ('buyer', 'staff', 'system'))
);--> statement-breakpoint
CREATE INDEX "quote_events_quote_idx" ON "quote_events" USING btree ("quote_id", "id");--> statement-breakpoint
-- A sent version and its lines are never changed (they may only go with their quote), but for
-- one change: erasing a customer's account blanks a version's message (decision 052).
CREATE FUNCTION "quote_versions_unchanged"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'quote_versions' AND NEW.message = ''
	   AND (NEW.quote_id, NEW.version, NEW.valid_until, NEW.total_cents, NEW.created_by, NEW.created_at)
	       IS NOT DISTINCT FROM
	       (OLD.quote_id, OLD.version, OLD.valid_until, OLD.total_cents, OLD.created_by, OLD.created_at)
	THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'a sent quote version is never changed' USING ERRCODE = 'check_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "quote_versions_unchanged" BEFORE UPDATE ON "quote_versions" FOR EACH ROW EXECUTE FUNCTION "quote_versions_unchanged"();--> statement-breakpoint
CREATE TRIGGER "quote_lines_unchanged" BEFORE UPDATE ON "quote_lines" FOR EACH ROW EXECUTE FUNCTION "quote_versions_unchanged"();--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_id" uuid UNIQUE REFERENCES "quotes"("id");

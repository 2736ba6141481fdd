-- Issue 38: returns and warranty claims (decision 064). A return of parts of one delivered order,
-- its lines (asked, received, judged), its history; staff's restocking fees by reason; a part's
-- return policy (window, "no return" reason, warranty months). A refund may now be for a return:
-- one per return, beside the line and order refunds.
CREATE SEQUENCE "return_numbers" START WITH 10001;
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint DEFAULT nextval('return_numbers') NOT NULL UNIQUE,
	"order_id" uuid NOT NULL REFERENCES "orders"("id"),
	"user_id" text NOT NULL REFERENCES "users"("id"),
	"company_id" uuid REFERENCES "companies"("id"),
	"payment_mode" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"arrive_by" timestamp with time zone,
	"fee_bp" integer,
	"gross_cents" bigint,
	"fee_cents" bigint,
	"amount_cents" bigint,
	"fee_waived_reason" text,
	"refund_id" uuid,
	"credit_note_id" uuid REFERENCES "company_credit_notes"("id"),
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_status_known" CHECK ("status" in ('requested', 'approved', 'refused', 'received', 'inspected', 'settled')),
	CONSTRAINT "returns_reason_known" CHECK ("reason" in ('wrong_part', 'damaged_in_transit', 'defective', 'not_needed')),
	CONSTRAINT "returns_payment_mode_known" CHECK ("payment_mode" in ('card', 'account')),
	CONSTRAINT "returns_settled_has_figures" CHECK ("status" <> 'settled' or ("amount_cents" is not null and "settled_at" is not null)),
	CONSTRAINT "returns_amount_within_gross" CHECK ("amount_cents" is null or ("amount_cents" >= 0 and "amount_cents" <= "gross_cents" - "fee_cents"))
);
--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");
--> statement-breakpoint
CREATE INDEX "returns_user_idx" ON "returns" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE INDEX "returns_company_idx" ON "returns" USING btree ("company_id","created_at") WHERE "company_id" is not null;
--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("status","created_at");
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"return_id" uuid NOT NULL REFERENCES "returns"("id"),
	"line_no" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"part_id" uuid NOT NULL REFERENCES "parts"("id"),
	"sku" text NOT NULL,
	"part_name" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"received" integer,
	"resaleable" integer,
	"scrapped" integer,
	CONSTRAINT "return_lines_return_id_line_no_pk" PRIMARY KEY("return_id","line_no"),
	CONSTRAINT "return_lines_order_line_fk" FOREIGN KEY ("order_id","line_no") REFERENCES "order_lines"("order_id","line_no"),
	CONSTRAINT "return_lines_quantity_positive" CHECK ("quantity" > 0),
	CONSTRAINT "return_lines_received_within_asked" CHECK ("received" is null or ("received" >= 0 and "received" <= "quantity")),
	CONSTRAINT "return_lines_judged_within_received" CHECK (("resaleable" is null and "scrapped" is null) or ("received" is not null and "resaleable" >= 0 and "scrapped" >= 0 and "resaleable" + "scrapped" <= "received"))
);
--> statement-breakpoint
CREATE INDEX "return_lines_order_line_idx" ON "return_lines" USING btree ("order_id","line_no");
--> statement-breakpoint
CREATE TABLE "return_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL REFERENCES "returns"("id"),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"actor_id" text,
	"from_status" text,
	"to_status" text NOT NULL,
	"message" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "return_events_return_idx" ON "return_events" USING btree ("return_id","at");
--> statement-breakpoint
CREATE TABLE "return_fees" (
	"reason" text PRIMARY KEY NOT NULL,
	"fee_bp" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_fees_bp_range" CHECK ("fee_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "part_return_policies" (
	"part_id" uuid PRIMARY KEY NOT NULL REFERENCES "parts"("id"),
	"return_days" integer,
	"no_return_reason" text,
	"warranty_months" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "part_return_policies_days" CHECK ("return_days" is null or "return_days" >= 0),
	CONSTRAINT "part_return_policies_warranty" CHECK ("warranty_months" >= 0)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "return_id" uuid UNIQUE REFERENCES "returns"("id");
--> statement-breakpoint
DROP INDEX "refunds_order_line_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_line_key" ON "refunds" USING btree ("order_id",coalesce("line_no", 0)) WHERE "return_id" is null;

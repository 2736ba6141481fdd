-- Issue 38 (decision 069): core deposits. A part's refundable deposit for the old part ("the
-- core"), copied onto each order line that buys it; the order's total holds it beside the tax.
ALTER TABLE "parts" ADD COLUMN "core_charge_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_core_charge_range" CHECK ("core_charge_cents" >= 0 and "core_charge_cents" <= 100000000);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "core_charge_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "core_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_core_is_charge_times_quantity" CHECK ("core_charge_cents" >= 0 and "core_cents" = "core_charge_cents"::bigint * "quantity");
--> statement-breakpoint
-- The live lines' deposits inside `total_cents` (gross = net + tax + deposits), lowered with a
-- canceled line's, as the tax is.
ALTER TABLE "orders" ADD COLUMN "core_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_core_within_total" CHECK ("core_cents" >= 0 and "core_cents" + "tax_cents" <= "total_cents");
--> statement-breakpoint
-- A core return: the old part sent back for its deposit.
ALTER TABLE "returns" DROP CONSTRAINT "returns_reason_known";
--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_reason_known" CHECK ("reason" in ('wrong_part', 'damaged_in_transit', 'defective', 'not_needed', 'core_return'));
--> statement-breakpoint
-- The deposits a settlement gave back (inside `amount_cents`), and the share a damaged core got.
ALTER TABLE "returns" ADD COLUMN "core_cents" bigint;
--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "core_damaged_bp" integer;
--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_core_damaged_bp_range" CHECK ("core_damaged_bp" is null or "core_damaged_bp" between 0 and 10000);
--> statement-breakpoint
ALTER TABLE "returns" DROP CONSTRAINT "returns_amount_within_gross";
--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_amount_within_gross" CHECK ("amount_cents" is null or ("amount_cents" >= 0 and "amount_cents" <= "gross_cents" - "fee_cents" + coalesce("tax_cents", 0) + coalesce("core_cents", 0)));
--> statement-breakpoint
-- Per line: the deposit of one piece when asked (copied from the order's line), then the pieces
-- whose deposit the settlement gave back (in full or in part) and how much.
ALTER TABLE "return_lines" ADD COLUMN "core_charge_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Settled: the pieces whose deposit the settlement gave back (in full or in part) and how much.
ALTER TABLE "return_lines" ADD COLUMN "core_pieces" integer;
--> statement-breakpoint
ALTER TABLE "return_lines" ADD COLUMN "core_cents" bigint;
--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_core_not_negative" CHECK (("core_pieces" is null or "core_pieces" >= 0) and ("core_cents" is null or "core_cents" >= 0));
--> statement-breakpoint
-- What the sweep did to an order line's cores not returned, each once: the overdue reminder, and
-- the deposit kept after the grace period (its pieces and cents). The primary key is the claim.
CREATE TABLE "core_deposit_claims" (
	"order_id" uuid NOT NULL REFERENCES "orders"("id"),
	"line_no" integer NOT NULL,
	"kind" text NOT NULL,
	"pieces" integer NOT NULL,
	"cents" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "core_deposit_claims_pkey" PRIMARY KEY("order_id","line_no","kind"),
	CONSTRAINT "core_deposit_claims_kind_known" CHECK ("kind" in ('reminded', 'kept')),
	CONSTRAINT "core_deposit_claims_not_negative" CHECK ("pieces" >= 0 and "cents" >= 0)
);
--> statement-breakpoint
-- The sweep's question: which delivered orders carry deposits (few of all orders).
CREATE INDEX "order_lines_core_idx" ON "order_lines" USING btree ("order_id") WHERE "core_cents" > 0;
--> statement-breakpoint
-- The catalog import's staged rows carry the core charge too (null leaves it, 0 removes it).
ALTER TABLE "catalog_import_parts" ADD COLUMN "core_charge_cents" integer;

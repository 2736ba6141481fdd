-- Issue 38 (decision 065, warranty replacement): a warranty claim may settle as a replacement
-- order at no charge. Its lines are flagged `no_charge` and are the only lines priced at 0.
ALTER TABLE "order_lines" ADD COLUMN "no_charge" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_unit_price_positive";
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_unit_price_positive" CHECK ("unit_price_cents" > 0 or ("no_charge" and "unit_price_cents" = 0));
--> statement-breakpoint
-- The return a replacement order settles (unique: one replacement order per return), and its
-- number copied, so the order reads "Replacement for return R-10001" without a join.
ALTER TABLE "orders" ADD COLUMN "replaces_return_id" uuid REFERENCES "returns"("id");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replaces_return_number" bigint;
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_replaces_return_idx" ON "orders" USING btree ("replaces_return_id") WHERE "replaces_return_id" is not null;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_replacement_is_free" CHECK ("replaces_return_id" is null or ("total_cents" = 0 and "replaces_return_number" is not null));
--> statement-breakpoint
-- The return's side: settled by refund or credit (`money`), or by a replacement order.
ALTER TABLE "returns" ADD COLUMN "replacement_order_id" uuid REFERENCES "orders"("id");
--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_replacement_is_warranty" CHECK ("replacement_order_id" is null or ("reason" = 'defective' and "amount_cents" = 0));

DROP INDEX "orders_unpaid_created_idx";--> statement-breakpoint
CREATE INDEX "orders_unpaid_updated_idx" ON "orders" USING btree ("updated_at") WHERE "orders"."status" = 'unpaid';
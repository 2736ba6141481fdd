CREATE TABLE "order_customer_emails" (
	"email" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_part_names" (
	"part_name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_email_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_part_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "order_customer_emails_trgm_idx" ON "order_customer_emails" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_part_names_trgm_idx" ON "order_part_names" USING gin ("part_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_number_idx" ON "orders" USING btree ("email","number");--> statement-breakpoint
CREATE INDEX "orders_part_name_number_idx" ON "orders" USING btree ("part_name","number");--> statement-breakpoint
-- Every email and part name an order has, kept here by the database itself: the staff search
-- finds the matching values in these small tables, then their orders by equality.
CREATE FUNCTION "orders_record_search_values"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_customer_emails" ("email")
    SELECT DISTINCT "email" FROM "new_orders" ON CONFLICT DO NOTHING;
  INSERT INTO "order_part_names" ("part_name")
    SELECT DISTINCT "part_name" FROM "new_orders" ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Once per statement with the rows it wrote: a bulk insert pays for its distinct values only.
CREATE TRIGGER "orders_search_values_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS "new_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "orders_record_search_values"();--> statement-breakpoint
-- Orders keep the email and part name they were placed with; should a statement ever change
-- them, the new values are recorded too (a column list keeps status changes free of this).
CREATE FUNCTION "orders_record_changed_search_values"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_customer_emails" ("email") VALUES (NEW."email") ON CONFLICT DO NOTHING;
  INSERT INTO "order_part_names" ("part_name") VALUES (NEW."part_name") ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_search_values_update" AFTER UPDATE OF "email", "part_name" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_record_changed_search_values"();--> statement-breakpoint
INSERT INTO "order_customer_emails" ("email") SELECT DISTINCT "email" FROM "orders" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "order_part_names" ("part_name") SELECT DISTINCT "part_name" FROM "orders" ON CONFLICT DO NOTHING;

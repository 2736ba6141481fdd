CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"order_number" bigint NOT NULL,
	"part_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"part_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"reference" text,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "order_lines_order_id_line_no_pk" PRIMARY KEY("order_id","line_no"),
	CONSTRAINT "order_lines_line_no_positive" CHECK ("order_lines"."line_no" > 0),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_unit_price_positive" CHECK ("order_lines"."unit_price_cents" > 0),
	CONSTRAINT "order_lines_total_is_unit_times_quantity" CHECK ("order_lines"."total_cents" = "order_lines"."unit_price_cents"::bigint * "order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"user_id" text NOT NULL,
	"part_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"reference" text,
	"seen_price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_user_id_part_id_pk" PRIMARY KEY("user_id","part_id"),
	CONSTRAINT "cart_lines_quantity_range" CHECK ("cart_lines"."quantity" > 0 and "cart_lines"."quantity" <= 1000000),
	CONSTRAINT "cart_lines_reference_length" CHECK (char_length("cart_lines"."reference") <= 64)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_line_count_max" CHECK ("carts"."line_count" >= 0 and "carts"."line_count" <= 200)
);
--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "pack_size" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "max_order_quantity" integer;
--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_min_order_whole_packs" CHECK ("parts"."pack_size" > 0 and "parts"."min_order_quantity" % "parts"."pack_size" = 0);
--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_max_order_whole_packs" CHECK ("parts"."max_order_quantity" is null or ("parts"."max_order_quantity" >= "parts"."min_order_quantity" and "parts"."max_order_quantity" % "parts"."pack_size" = 0));
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_order_id_unique";
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "line_no" integer;
--> statement-breakpoint
ALTER TABLE "order_emails" ADD COLUMN "line_no" integer;
--> statement-breakpoint
-- Every order placed so far becomes a one-line order: its part, name, quantity and prices move to
-- its line, so nothing a customer, staff member or the stock ledger shows changes for it.
INSERT INTO "order_lines" ("order_id", "line_no", "order_number", "part_id", "sku", "part_name",
    "quantity", "unit_price_cents", "total_cents")
  SELECT o."id", 1, o."number", o."part_id", p."sku", o."part_name", o."quantity",
         o."unit_price_cents", o."total_cents"
    FROM "orders" o JOIN "parts" p ON p."id" = o."part_id";
--> statement-breakpoint
-- The staff search's part names now come from the lines (decision 037's lookup tables stay): the
-- orders' trigger records their emails, a trigger on the lines records their part names.
DROP TRIGGER "orders_search_values_update" ON "orders";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "orders_record_search_values"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_customer_emails" ("email")
    SELECT DISTINCT "email" FROM "new_orders" ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "orders_record_changed_search_values"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_customer_emails" ("email") VALUES (NEW."email") ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_search_values_update" AFTER UPDATE OF "email" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_record_changed_search_values"();
--> statement-breakpoint
CREATE FUNCTION "order_lines_record_search_values"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_part_names" ("part_name")
    SELECT DISTINCT "part_name" FROM "new_lines" ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Once per statement with the lines it wrote: an order of 200 lines pays for its distinct names.
CREATE TRIGGER "order_lines_search_values_insert" AFTER INSERT ON "order_lines"
  REFERENCING NEW TABLE AS "new_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_record_search_values"();
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_quantity_positive";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_unit_price_positive";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_is_unit_times_quantity";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_part_id_parts_id_fk";
--> statement-breakpoint
DROP INDEX "orders_part_name_number_idx";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "part_id";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "part_name";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "quantity";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "unit_price_cents";
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_part_key" ON "order_lines" USING btree ("order_id","part_id");
--> statement-breakpoint
CREATE INDEX "order_lines_part_name_number_idx" ON "order_lines" USING btree ("part_name","order_number");
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_order_line_key" ON "refunds" USING btree ("order_id",coalesce("line_no", 0));
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_not_negative" CHECK ("orders"."total_cents" >= 0);
--> statement-breakpoint
-- Each cart's lines, counted by the database: the count's CHECK caps a cart at 200 lines however
-- many adds arrive at once (an add past it fails with carts_line_count_max, answered 409).
CREATE FUNCTION "cart_lines_counted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "carts" AS c ("user_id", "line_count") VALUES (NEW."user_id", 1)
    ON CONFLICT ("user_id") DO UPDATE SET "line_count" = c."line_count" + 1, "updated_at" = now();
  ELSE
    UPDATE "carts" SET "line_count" = "line_count" - 1, "updated_at" = now()
     WHERE "user_id" = OLD."user_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "cart_lines_count" AFTER INSERT OR DELETE ON "cart_lines"
  FOR EACH ROW EXECUTE FUNCTION "cart_lines_counted"();

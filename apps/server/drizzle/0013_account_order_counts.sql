CREATE TABLE "account_order_counts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"unpaid_count" integer DEFAULT 0 NOT NULL,
	"unpaid_cents" bigint DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone,
	"window_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_order_counts" ADD CONSTRAINT "account_order_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each account's unpaid orders, counted by the database itself: placing an order checks its
-- ceilings against this row (decision 040), so every writer of orders must keep it, and a trigger
-- cannot be forgotten. Once per statement on insert: a bulk load pays for its accounts only.
CREATE FUNCTION "orders_count_unpaid_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "account_order_counts" AS c ("user_id", "unpaid_count", "unpaid_cents")
    SELECT "user_id", count(*), sum("total_cents") FROM "new_orders"
     WHERE "status" = 'unpaid' GROUP BY "user_id"
  ON CONFLICT ("user_id") DO UPDATE
    SET "unpaid_count" = c."unpaid_count" + excluded."unpaid_count",
        "unpaid_cents" = c."unpaid_cents" + excluded."unpaid_cents";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_count_unpaid_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS "new_orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "orders_count_unpaid_inserted"();--> statement-breakpoint
-- A status change into or out of "unpaid" (paid, canceled, swept, a payment that failed back to
-- unpaid). The WHEN clause keeps every other update of an order free of it.
CREATE FUNCTION "orders_count_unpaid_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "account_order_counts" AS c ("user_id", "unpaid_count", "unpaid_cents")
    VALUES (
      NEW."user_id",
      (CASE WHEN NEW."status" = 'unpaid' THEN 1 ELSE 0 END)
        - (CASE WHEN OLD."status" = 'unpaid' THEN 1 ELSE 0 END),
      (CASE WHEN NEW."status" = 'unpaid' THEN NEW."total_cents" ELSE 0 END)
        - (CASE WHEN OLD."status" = 'unpaid' THEN OLD."total_cents" ELSE 0 END))
  ON CONFLICT ("user_id") DO UPDATE
    SET "unpaid_count" = c."unpaid_count" + excluded."unpaid_count",
        "unpaid_cents" = c."unpaid_cents" + excluded."unpaid_cents";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_count_unpaid_update" AFTER UPDATE OF "status", "total_cents" ON "orders"
  FOR EACH ROW
  WHEN ((OLD."status" = 'unpaid' OR NEW."status" = 'unpaid')
    AND (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."total_cents" IS DISTINCT FROM NEW."total_cents"))
  EXECUTE FUNCTION "orders_count_unpaid_changed"();--> statement-breakpoint
-- The counts of the orders already there, and each account's placements of the last ten minutes
-- as its current window.
INSERT INTO "account_order_counts" ("user_id", "unpaid_count", "unpaid_cents", "window_started_at", "window_count")
  SELECT "user_id",
         count(*) FILTER (WHERE "status" = 'unpaid'),
         coalesce(sum("total_cents") FILTER (WHERE "status" = 'unpaid'), 0),
         min("created_at") FILTER (WHERE "created_at" > now() - interval '10 minutes'),
         count(*) FILTER (WHERE "created_at" > now() - interval '10 minutes')
    FROM "orders"
   WHERE "status" = 'unpaid' OR "created_at" > now() - interval '10 minutes'
   GROUP BY "user_id";

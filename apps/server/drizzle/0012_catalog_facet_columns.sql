DROP INDEX "parts_live_category_idx";--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "fit_makes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Existing parts get the makes of their fitment.
UPDATE "parts" SET "fit_makes" = "f"."makes"
  FROM (SELECT "part_id", array_agg(DISTINCT "make" ORDER BY "make") AS "makes"
          FROM "part_fitments" GROUP BY "part_id") AS "f"
 WHERE "f"."part_id" = "parts"."id";--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "in_stock" boolean GENERATED ALWAYS AS (available_quantity >= min_order_quantity) STORED;--> statement-breakpoint
CREATE INDEX "parts_live_category_idx" ON "parts" USING btree ("category","price_cents","in_stock","fit_makes") WHERE "parts"."archived_at" is null;
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE SEQUENCE "public"."part_skus" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "part_fitments" (
	"part_id" uuid NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year_from" integer NOT NULL,
	"year_to" integer NOT NULL,
	CONSTRAINT "part_fitments_years" CHECK ("part_fitments"."year_from" <= "part_fitments"."year_to")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_models" (
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year_from" integer NOT NULL,
	"year_to" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "sku" text DEFAULT ('IC-' || nextval('part_skus')) NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "category" text DEFAULT 'uncategorised' NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "oem_numbers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "specs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "vehicle" jsonb;--> statement-breakpoint
ALTER TABLE "part_fitments" ADD CONSTRAINT "part_fitments_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "part_fitments_part_idx" ON "part_fitments" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "part_fitments_vehicle_idx" ON "part_fitments" USING btree ("make","model","year_from","year_to","part_id");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_models_key" ON "vehicle_models" USING btree ("make","model");--> statement-breakpoint
CREATE UNIQUE INDEX "parts_sku_key" ON "parts" USING btree (upper("sku"));--> statement-breakpoint
CREATE INDEX "parts_oem_numbers_idx" ON "parts" USING gin ("oem_numbers");--> statement-breakpoint
CREATE INDEX "parts_search_idx" ON "parts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "parts_name_trgm_idx" ON "parts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parts_sku_trgm_idx" ON "parts" USING gin (upper("sku") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parts_live_category_idx" ON "parts" USING btree ("category","price_cents") WHERE "parts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "parts_live_category_newest_idx" ON "parts" USING btree ("category","created_at") WHERE "parts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "parts_live_created_idx" ON "parts" USING btree ("created_at") WHERE "parts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "parts_live_newest_idx" ON "parts" USING btree ("featured","created_at") WHERE "parts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "parts_live_price_idx" ON "parts" USING btree ("price_cents") WHERE "parts"."archived_at" is null;--> statement-breakpoint
-- The search document: part number and OEM numbers as whole words, name weighted above category
-- and description. Kept by a trigger (to_tsvector over an array is not immutable, so it cannot be
-- a generated column); new words join the spelling list that corrects typos.
CREATE FUNCTION "parts_search_document"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(array_to_tsvector(array[lower(NEW.sku), lower(replace(NEW.sku, '-', ''))] || (SELECT coalesce(array_agg(lower(o)), '{}') FROM unnest(NEW.oem_numbers) AS o)), 'A') ||
    setweight(to_tsvector('english', NEW.name), 'A') ||
    setweight(to_tsvector('english', NEW.category), 'B') ||
    setweight(to_tsvector('english', NEW.description), 'D');
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(lower(NEW.name || ' ' || NEW.category || ' ' || NEW.description), '[^a-z0-9]+') AS w
    WHERE length(w) BETWEEN 3 AND 40 AND w !~ '[0-9]'
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "parts_search_update" BEFORE INSERT OR UPDATE OF "name", "description", "sku", "oem_numbers", "category" ON "parts"
  FOR EACH ROW EXECUTE FUNCTION "parts_search_document"();--> statement-breakpoint
-- Existing parts get their document (and their words) through the trigger.
UPDATE "parts" SET "name" = "name";

-- Issue 39 (decision 067): what a PIES Item carries that the part itself does not: its brand and
-- its prices other than the list price (jobber, retail…), kept by part for price lists; staged by
-- import while previewed, written by the import's apply.
CREATE TABLE "pies_staged_items" (
  "import_id" uuid NOT NULL,
  "sku_key" text NOT NULL,
  "brand_id" text,
  "brand_label" text,
  "prices" jsonb DEFAULT '[]'::jsonb NOT NULL,
  CONSTRAINT "pies_staged_items_pk" PRIMARY KEY("import_id","sku_key")
);--> statement-breakpoint
CREATE TABLE "pies_part_data" (
  "part_id" uuid PRIMARY KEY NOT NULL REFERENCES "parts"("id") ON DELETE cascade,
  "brand_id" text,
  "brand_label" text,
  "prices" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- The companies staff let download the catalog as ACES, PIES or CSV (the feeds for distributors).
CREATE TABLE "catalog_feed_companies" (
  "company_id" uuid PRIMARY KEY NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
  "granted_by_email" text NOT NULL,
  "granted_at" timestamp with time zone DEFAULT now() NOT NULL
);

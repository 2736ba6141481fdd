-- Issue 34: catalog import and export (decision 058). An import is a job: its file is read into
-- staging rows, checked and compared with the catalog (the preview), then applied in one
-- transaction. Fitment gains a position and a note.
ALTER TABLE "part_fitments" ADD COLUMN "position" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "part_fitments" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TABLE "catalog_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text NOT NULL,
	"file_name" text NOT NULL,
	"fitment_file_name" text,
	"pictures_file_name" text,
	"checksum" text NOT NULL,
	"archive_missing" boolean DEFAULT false NOT NULL,
	"valid_only" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"failure" text,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fingerprint" text,
	"lease_until" timestamp with time zone,
	CONSTRAINT "catalog_imports_status_known" CHECK ("status" in ('reading', 'previewed', 'applying', 'applied', 'failed', 'discarded'))
);--> statement-breakpoint
CREATE INDEX "catalog_imports_created_idx" ON "catalog_imports" ("created_at");--> statement-breakpoint
-- One import applies at a time, across instances.
CREATE UNIQUE INDEX "catalog_imports_one_applying" ON "catalog_imports" ((true)) WHERE "status" = 'applying';--> statement-breakpoint
CREATE TABLE "catalog_import_parts" (
	"import_id" uuid NOT NULL REFERENCES "catalog_imports"("id") ON DELETE cascade,
	"row_no" integer NOT NULL,
	"sku" text NOT NULL,
	"sku_key" text NOT NULL,
	"name" text,
	"description" text,
	"category" text,
	"price_cents" integer,
	"min_order_quantity" integer,
	"pack_size" integer,
	"max_order_quantity" integer,
	"clear_max" boolean DEFAULT false NOT NULL,
	"stock" integer,
	"featured" boolean,
	"archived" boolean,
	"image_url" text,
	"oem_numbers" text[],
	"superseded_numbers" text[],
	"tier_quantities" integer[],
	"tier_cents" integer[],
	"specs" jsonb,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"raw" jsonb,
	"part_id" uuid,
	"kind" text,
	"changes" jsonb,
	"stock_before" integer,
	"price_jump" boolean DEFAULT false NOT NULL,
	CONSTRAINT "catalog_import_parts_pk" PRIMARY KEY ("import_id", "row_no")
);--> statement-breakpoint
CREATE INDEX "catalog_import_parts_sku_idx" ON "catalog_import_parts" ("import_id", "sku_key");--> statement-breakpoint
CREATE TABLE "catalog_import_fitments" (
	"import_id" uuid NOT NULL REFERENCES "catalog_imports"("id") ON DELETE cascade,
	"row_no" integer NOT NULL,
	"sku" text NOT NULL,
	"sku_key" text NOT NULL,
	"make" text,
	"model" text,
	"year_from" integer,
	"year_to" integer,
	"position" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"raw" jsonb,
	CONSTRAINT "catalog_import_fitments_pk" PRIMARY KEY ("import_id", "row_no")
);--> statement-breakpoint
CREATE INDEX "catalog_import_fitments_sku_idx" ON "catalog_import_fitments" ("import_id", "sku_key");

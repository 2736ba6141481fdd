-- Issue 39 (decision 067, "ACES and PIES files"): the VCdb releases staff upload (the BaseVehicle,
-- Make and Model tables of the pipe-delimited edition, and PCdb positions), each release's rows
-- kept beside the current one until it is applied; the ACES identity of each stored application
-- (its VCdb base vehicle and quantity, which the fitment table does not carry); and what an ACES
-- import's preview could not map, row by row, for the file to download.
CREATE TABLE "vcdb_releases" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "status" text NOT NULL,
  "version_date" date NOT NULL,
  "file_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "created_by_email" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "applied_at" timestamp with time zone,
  CONSTRAINT "vcdb_releases_status_known" CHECK ("status" in ('previewed', 'current', 'retired', 'discarded'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "vcdb_releases_one_current" ON "vcdb_releases" USING btree ((true)) WHERE "status" = 'current';--> statement-breakpoint
CREATE TABLE "vcdb_makes" (
  "release_id" uuid NOT NULL,
  "make_id" integer NOT NULL,
  "name" text NOT NULL,
  CONSTRAINT "vcdb_makes_pk" PRIMARY KEY("release_id","make_id")
);--> statement-breakpoint
CREATE TABLE "vcdb_models" (
  "release_id" uuid NOT NULL,
  "model_id" integer NOT NULL,
  "name" text NOT NULL,
  CONSTRAINT "vcdb_models_pk" PRIMARY KEY("release_id","model_id")
);--> statement-breakpoint
CREATE TABLE "vcdb_base_vehicles" (
  "release_id" uuid NOT NULL,
  "base_vehicle_id" integer NOT NULL,
  "year" integer NOT NULL,
  "make_id" integer NOT NULL,
  "model_id" integer NOT NULL,
  CONSTRAINT "vcdb_base_vehicles_pk" PRIMARY KEY("release_id","base_vehicle_id")
);--> statement-breakpoint
CREATE INDEX "vcdb_base_vehicles_names_idx" ON "vcdb_base_vehicles" USING btree ("release_id","make_id","model_id","year");--> statement-breakpoint
CREATE TABLE "vcdb_positions" (
  "release_id" uuid NOT NULL,
  "position_id" integer NOT NULL,
  "name" text NOT NULL,
  CONSTRAINT "vcdb_positions_pk" PRIMARY KEY("release_id","position_id")
);--> statement-breakpoint
CREATE TABLE "aces_applications" (
  "part_id" uuid NOT NULL REFERENCES "parts"("id") ON DELETE cascade,
  "base_vehicle_id" integer NOT NULL,
  "make" text NOT NULL,
  "model" text NOT NULL,
  "year" integer NOT NULL,
  "position" text DEFAULT '' NOT NULL,
  "note" text DEFAULT '' NOT NULL,
  "quantity" integer,
  "part_type_id" integer,
  "app_id" text
);--> statement-breakpoint
CREATE INDEX "aces_applications_part_idx" ON "aces_applications" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "aces_applications_vehicle_idx" ON "aces_applications" USING btree ("base_vehicle_id");--> statement-breakpoint
CREATE TABLE "aces_staged_apps" (
  "import_id" uuid NOT NULL,
  "row_no" integer NOT NULL,
  "action" text NOT NULL,
  "sku" text NOT NULL,
  "sku_key" text NOT NULL,
  "base_vehicle_id" integer,
  "make" text NOT NULL,
  "model" text NOT NULL,
  "year" integer NOT NULL,
  "position" text DEFAULT '' NOT NULL,
  "note" text DEFAULT '' NOT NULL,
  "quantity" integer,
  "part_type_id" integer,
  "app_id" text,
  CONSTRAINT "aces_staged_apps_pk" PRIMARY KEY("import_id","row_no")
);--> statement-breakpoint
CREATE INDEX "aces_staged_apps_sku_idx" ON "aces_staged_apps" USING btree ("import_id","sku_key");--> statement-breakpoint
CREATE TABLE "aces_unmapped" (
  "import_id" uuid NOT NULL,
  "seq" integer NOT NULL,
  "reason" text NOT NULL,
  "app_id" text,
  "part" text,
  "vehicle" text,
  "detail" text,
  CONSTRAINT "aces_unmapped_pk" PRIMARY KEY("import_id","seq")
);--> statement-breakpoint
CREATE INDEX "aces_unmapped_reason_idx" ON "aces_unmapped" USING btree ("import_id","reason");

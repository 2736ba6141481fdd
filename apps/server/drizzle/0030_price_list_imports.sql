-- Issue 36: a price list's fixed prices imported through preview-then-apply (decision 062). A
-- preview holds the file's valid rows, its diff and errors, and the fingerprint of the list's
-- entries it was compared with: the apply refuses a list that changed since.
CREATE TABLE "price_list_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL REFERENCES "price_lists"("id") ON DELETE cascade,
	"status" text NOT NULL,
	"file_name" text NOT NULL,
	"replace_all" boolean NOT NULL,
	"fingerprint" text NOT NULL,
	"rows" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"notes" jsonb NOT NULL,
	"counts" jsonb NOT NULL,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "price_list_imports_status" CHECK ("status" in ('previewed', 'applied', 'discarded'))
);
--> statement-breakpoint
CREATE INDEX "price_list_imports_list" ON "price_list_imports" ("list_id", "created_at");

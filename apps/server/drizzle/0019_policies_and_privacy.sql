-- Issue 27: the shop's pages (terms of sale, privacy notice, delivery, returns, legal notice) as
-- versioned Markdown, the terms version an order was placed under, and the mark an erased
-- customer's orders carry (decisions 052 and 053).
CREATE TABLE "page_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"is_template" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_versions_slug_known" CHECK ("slug" in ('terms', 'privacy', 'delivery', 'returns', 'legal')),
	CONSTRAINT "page_versions_version_positive" CHECK ("version" > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "page_versions_slug_version_idx" ON "page_versions" ("slug", "version");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_version_id" uuid REFERENCES "page_versions"("id");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "personal_data_erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_erased_idx" ON "orders" ("personal_data_erased_at") WHERE "personal_data_erased_at" is not null;

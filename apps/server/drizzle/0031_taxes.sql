-- Issue 37 (decision 063): sales tax and VAT. Where the shop collects tax (regions with a rate and
-- optional rates per category), each company's tax status, and every order's tax as it was
-- computed when placed, per line (never recomputed). No region: no tax, and every amount as before.
CREATE TABLE "tax_regions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"state" text,
	"rate_bp" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_regions_rate_range" CHECK ("tax_regions"."rate_bp" between 0 and 10000),
	CONSTRAINT "tax_regions_country_code" CHECK ("tax_regions"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "tax_regions_state_not_blank" CHECK ("tax_regions"."state" is null or btrim("tax_regions"."state") <> '')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tax_regions_place_key" ON "tax_regions" USING btree ("country",upper(coalesce("state", '')));
--> statement-breakpoint
CREATE TABLE "tax_region_categories" (
	"region_id" uuid NOT NULL REFERENCES "tax_regions"("id") ON DELETE cascade,
	"category" text NOT NULL,
	"rate_bp" integer NOT NULL,
	CONSTRAINT "tax_region_categories_pk" PRIMARY KEY("region_id","category"),
	CONSTRAINT "tax_region_categories_rate_range" CHECK ("tax_region_categories"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "company_tax_statuses" (
	"company_id" uuid PRIMARY KEY NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"certificate_number" text,
	"certificate_regions" text[] DEFAULT '{}' NOT NULL,
	"certificate_expires_on" date,
	"certificate_upload" text,
	"verified_at" timestamp with time zone,
	"verified_by" text,
	"vat_id" text,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" text,
	"expiry_reminded_for" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_tax_statuses_kind_known" CHECK ("company_tax_statuses"."kind" in ('standard', 'exempt', 'reverse_charge')),
	CONSTRAINT "company_tax_statuses_exempt_complete" CHECK ("company_tax_statuses"."kind" <> 'exempt' or ("company_tax_statuses"."certificate_number" is not null and "company_tax_statuses"."certificate_expires_on" is not null)),
	CONSTRAINT "company_tax_statuses_reverse_has_vat" CHECK ("company_tax_statuses"."kind" <> 'reverse_charge' or "company_tax_statuses"."vat_id" is not null)
);
--> statement-breakpoint
CREATE INDEX "company_tax_statuses_expiry_idx" ON "company_tax_statuses" USING btree ("certificate_expires_on") WHERE "kind" = 'exempt';
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_state" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_treatment" text DEFAULT 'none' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_region" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_note" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_certificate" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_vat_id" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_within_total" CHECK ("orders"."tax_cents" >= 0 and "orders"."tax_cents" <= "orders"."total_cents");
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_treatment_known" CHECK ("orders"."tax_treatment" in ('none', 'standard', 'exempt', 'reverse_charge'));
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_rate_bp" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tax_is_rate_of_total" CHECK ("order_lines"."tax_cents" = ("order_lines"."total_cents" * "order_lines"."tax_rate_bp" + 5000) / 10000);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "company_credit_notes" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;

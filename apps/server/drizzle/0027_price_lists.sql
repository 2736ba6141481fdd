-- Issue 36: contract price lists (decision 061). A list has validity dates, a list-wide and
-- per-category percentage off (basis points) and fixed prices per part with quantity breaks; it is
-- assigned to companies with a priority. The rule reading them is the contract's `buyerPrice`.
CREATE TABLE "price_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"percent_off_bp" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_percent_range" CHECK ("percent_off_bp" is null or "percent_off_bp" between 1 and 9999),
	CONSTRAINT "price_lists_dates_ordered" CHECK ("valid_from" is null or "valid_until" is null or "valid_from" <= "valid_until")
);--> statement-breakpoint
CREATE TABLE "price_list_categories" (
	"list_id" uuid NOT NULL REFERENCES "price_lists"("id") ON DELETE cascade,
	"category" text NOT NULL,
	"percent_off_bp" integer NOT NULL,
	CONSTRAINT "price_list_categories_pk" PRIMARY KEY ("list_id", "category"),
	CONSTRAINT "price_list_categories_percent_range" CHECK ("percent_off_bp" between 1 and 9999)
);--> statement-breakpoint
-- The key (list, part, from quantity) is also the index that fetches a list's entries for a set
-- of parts; the part's own index serves deleting a part.
CREATE TABLE "price_list_entries" (
	"list_id" uuid NOT NULL REFERENCES "price_lists"("id") ON DELETE cascade,
	"part_id" uuid NOT NULL REFERENCES "parts"("id") ON DELETE cascade,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"unit_cents" integer NOT NULL,
	CONSTRAINT "price_list_entries_pk" PRIMARY KEY ("list_id", "part_id", "min_quantity"),
	CONSTRAINT "price_list_entries_min_quantity_positive" CHECK ("min_quantity" >= 1),
	CONSTRAINT "price_list_entries_unit_cents_positive" CHECK ("unit_cents" > 0)
);--> statement-breakpoint
CREATE INDEX "price_list_entries_part_idx" ON "price_list_entries" ("part_id");--> statement-breakpoint
CREATE TABLE "price_list_assignments" (
	"list_id" uuid NOT NULL REFERENCES "price_lists"("id") ON DELETE cascade,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"priority" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_assignments_pk" PRIMARY KEY ("list_id", "company_id")
);--> statement-breakpoint
CREATE INDEX "price_list_assignments_company_idx" ON "price_list_assignments" ("company_id");

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
--> statement-breakpoint
-- Customer groups (decision 062): people buying for themselves who share price lists. A person is
-- in one group at most (the key is the person), so their price has one source besides companies.
CREATE TABLE "customer_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "customer_groups_name" ON "customer_groups" (lower("name"));
--> statement-breakpoint
CREATE TABLE "customer_group_members" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"group_id" uuid NOT NULL REFERENCES "customer_groups"("id") ON DELETE cascade,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "customer_group_members_group" ON "customer_group_members" ("group_id");
--> statement-breakpoint
CREATE TABLE "price_list_group_assignments" (
	"list_id" uuid NOT NULL REFERENCES "price_lists"("id") ON DELETE cascade,
	"group_id" uuid NOT NULL REFERENCES "customer_groups"("id") ON DELETE cascade,
	"priority" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_list_group_assignments_pk" PRIMARY KEY ("list_id", "group_id")
);
--> statement-breakpoint
CREATE INDEX "price_list_group_assignments_group" ON "price_list_group_assignments" ("group_id");

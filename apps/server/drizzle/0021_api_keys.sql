-- Issue 35: machine access (decision 059). API keys for the shop's own systems (staff keys) and
-- for a company's ERP (company keys), kept as a SHA-256 hash with a visible prefix.
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"company_id" uuid REFERENCES "companies"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"rate_limit_per_minute" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_secret_hash_unique" UNIQUE("secret_hash"),
	CONSTRAINT "api_keys_kind_known" CHECK ("kind" in ('staff', 'company')),
	CONSTRAINT "api_keys_company_kind" CHECK (("kind" = 'company') = ("company_id" is not null))
);--> statement-breakpoint
CREATE INDEX "api_keys_company_idx" ON "api_keys" ("company_id");

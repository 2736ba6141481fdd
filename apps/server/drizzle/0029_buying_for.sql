-- Issue 36: whose prices a signed-in buyer sees and pays (decision 061, "Whose prices a request
-- sees"). One row per account that chose: a company (membership is checked on every read, so a
-- choice outlives nothing) or null, buying for themselves. No row: the default (their one company).
CREATE TABLE "buying_for" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"company_id" uuid REFERENCES "companies"("id") ON DELETE cascade,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

-- Issue 38 (decision 065): staff's return window per catalog category; a part's own one wins.
CREATE TABLE "category_return_windows" (
	"category" text PRIMARY KEY NOT NULL,
	"return_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_return_windows_days" CHECK ("return_days" >= 0)
);

-- Issue 38 (decision 065): staff's return window per catalog category; a part's own one wins.
CREATE TABLE "category_return_windows" (
	"category" text PRIMARY KEY NOT NULL,
	"return_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_return_windows_days" CHECK ("return_days" >= 0)
);
--> statement-breakpoint
-- Issue 38 (decision 065): a company's credit balance. A return credited on an invoice already
-- paid leaves the rest of its credit note here; the company's next invoice is paid from it.
CREATE TABLE "company_credit_balance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id"),
	"amount_cents" bigint NOT NULL,
	"credit_note_id" uuid REFERENCES "company_credit_notes"("id"),
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_credit_balance_amount_not_zero" CHECK ("amount_cents" <> 0)
);
--> statement-breakpoint
CREATE INDEX "company_credit_balance_company_idx" ON "company_credit_balance" USING btree ("company_id");
--> statement-breakpoint
-- A new invoice is paid from the company's balance first (the placing statement's credit gate
-- holds the company's row, so two invoices never use the same balance); a voided invoice gives
-- back what it used.
CREATE FUNCTION "company_invoices_use_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  balance bigint;
  used bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT coalesce(sum("amount_cents"), 0) INTO balance
      FROM "company_credit_balance" WHERE "company_id" = NEW."company_id";
    used := least(balance, NEW."amount_cents" - NEW."paid_cents" - NEW."credited_cents");
    IF used > 0 THEN
      NEW."paid_cents" := NEW."paid_cents" + used;
      INSERT INTO "company_credit_balance" ("company_id", "amount_cents", "invoice_id")
        VALUES (NEW."company_id", -used, NEW."id");
    END IF;
  ELSIF NEW."voided_at" IS NOT NULL AND OLD."voided_at" IS NULL THEN
    SELECT -coalesce(sum("amount_cents"), 0) INTO used
      FROM "company_credit_balance" WHERE "invoice_id" = NEW."id";
    IF used > 0 THEN
      INSERT INTO "company_credit_balance" ("company_id", "amount_cents", "invoice_id")
        VALUES (NEW."company_id", used, NEW."id");
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "company_invoices_balance" BEFORE INSERT OR UPDATE OF "voided_at" ON "company_invoices"
  FOR EACH ROW EXECUTE FUNCTION "company_invoices_use_balance"();

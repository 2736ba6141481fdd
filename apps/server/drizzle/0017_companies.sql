-- Issue 23: companies, their members, invitations and delivery addresses; orders placed for a
-- company; payment on account (invoices with a due date, payments staff record, credit notes).
-- Two invariants are kept by the database itself, so that no writer and no race can break them:
-- a company keeps an owner (a counted column and a deferred check at commit), and the credit a
-- company has in use is the open amount of its invoices (a counted column the placing statement
-- checks, locked, against the limit: decision 045).
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tax_id" text NOT NULL,
	"billing_street" text NOT NULL,
	"billing_city" text NOT NULL,
	"billing_postal_code" text NOT NULL,
	"billing_country" text NOT NULL,
	"created_by" text NOT NULL REFERENCES "users"("id"),
	"owner_count" integer DEFAULT 0 NOT NULL,
	"terms" text DEFAULT 'none' NOT NULL,
	"terms_days" integer,
	"credit_limit_cents" bigint DEFAULT 0 NOT NULL,
	"credit_used_cents" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_terms_known" CHECK ("terms" in ('none', 'approved', 'suspended')),
	CONSTRAINT "companies_terms_days_range" CHECK ("terms_days" is null or "terms_days" between 1 and 120),
	CONSTRAINT "companies_credit_limit_not_negative" CHECK ("credit_limit_cents" >= 0),
	CONSTRAINT "companies_credit_used_not_negative" CHECK ("credit_used_cents" >= 0),
	CONSTRAINT "companies_owner_count_not_negative" CHECK ("owner_count" >= 0)
);--> statement-breakpoint
CREATE TABLE "company_members" (
	"company_id" uuid NOT NULL REFERENCES "companies"("id"),
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_company_id_user_id_pk" PRIMARY KEY("company_id","user_id"),
	CONSTRAINT "company_members_role_known" CHECK ("role" in ('owner', 'admin', 'buyer'))
);--> statement-breakpoint
CREATE INDEX "company_members_user_idx" ON "company_members" USING btree ("user_id");--> statement-breakpoint
CREATE TABLE "company_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id"),
	"position" integer NOT NULL,
	"label" text,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "company_addresses_company_idx" ON "company_addresses" USING btree ("company_id","position");--> statement-breakpoint
CREATE TABLE "company_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id"),
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text NOT NULL REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text REFERENCES "users"("id"),
	"revoked_at" timestamp with time zone,
	CONSTRAINT "company_invites_role_known" CHECK ("role" in ('admin', 'buyer'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "company_invites_token_idx" ON "company_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "company_invites_company_idx" ON "company_invites" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" uuid REFERENCES "companies"("id");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_mode" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_mode_known" CHECK ("payment_mode" in ('card', 'account'));--> statement-breakpoint
-- An order on account is a company's, and is confirmed at once: never unpaid, never swept.
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_is_company" CHECK ("payment_mode" = 'card' or ("company_id" is not null and "status" <> 'unpaid' and "status" <> 'pending'));--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id","created_at") WHERE "company_id" is not null;--> statement-breakpoint
CREATE TABLE "company_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id"),
	"order_id" uuid NOT NULL UNIQUE REFERENCES "orders"("id"),
	"amount_cents" bigint NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"credited_cents" bigint DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"voided_at" timestamp with time zone,
	"reminder_claimed_at" timestamp with time zone,
	CONSTRAINT "company_invoices_amount_positive" CHECK ("amount_cents" > 0),
	CONSTRAINT "company_invoices_settled_within_amount" CHECK ("paid_cents" >= 0 and "credited_cents" >= 0 and "paid_cents" + "credited_cents" <= "amount_cents")
);--> statement-breakpoint
CREATE INDEX "company_invoices_company_idx" ON "company_invoices" USING btree ("company_id","issued_at");--> statement-breakpoint
CREATE INDEX "company_invoices_open_due_idx" ON "company_invoices" USING btree ("due_at") WHERE "voided_at" is null and "paid_cents" + "credited_cents" < "amount_cents";--> statement-breakpoint
CREATE TABLE "company_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL REFERENCES "company_invoices"("id"),
	"amount_cents" bigint NOT NULL,
	"received_on" date NOT NULL,
	"reference" text NOT NULL,
	"recorded_by" text NOT NULL REFERENCES "users"("id"),
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_payments_amount_positive" CHECK ("amount_cents" > 0)
);--> statement-breakpoint
CREATE INDEX "company_payments_invoice_idx" ON "company_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE SEQUENCE "public"."credit_note_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 5001 CACHE 1;--> statement-breakpoint
CREATE TABLE "company_credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint DEFAULT nextval('credit_note_numbers') NOT NULL UNIQUE,
	"invoice_id" uuid NOT NULL REFERENCES "company_invoices"("id"),
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"issued_by" text NOT NULL REFERENCES "users"("id"),
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_credit_notes_amount_positive" CHECK ("amount_cents" > 0)
);--> statement-breakpoint
CREATE INDEX "company_credit_notes_invoice_idx" ON "company_credit_notes" USING btree ("invoice_id");--> statement-breakpoint
-- Owners counted on the company's row. The row is updated (so locked) by every change of an
-- owner, so two owners stepping down at once are counted one after the other.
CREATE FUNCTION "company_members_count_owners"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."role" = 'owner' THEN
    UPDATE "companies" SET "owner_count" = "owner_count" - 1 WHERE "id" = OLD."company_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."role" = 'owner' THEN
    UPDATE "companies" SET "owner_count" = "owner_count" + 1 WHERE "id" = NEW."company_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "company_members_owners" AFTER INSERT OR UPDATE OF "role" OR DELETE ON "company_members"
  FOR EACH ROW EXECUTE FUNCTION "company_members_count_owners"();--> statement-breakpoint
-- Checked at commit (a company and its first owner are written one after the other): whatever
-- the writer, a transaction that leaves a company with no owner fails.
CREATE FUNCTION "companies_keep_an_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "companies" WHERE "id" = NEW."id" AND "owner_count" < 1) THEN
    RAISE EXCEPTION 'company % would have no owner', NEW."id"
      USING ERRCODE = '23514', CONSTRAINT = 'companies_keep_an_owner';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "companies_keep_an_owner" AFTER INSERT OR UPDATE OF "owner_count" ON "companies"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "companies_keep_an_owner"();--> statement-breakpoint
-- The credit in use: what every invoice still asks (nothing once void), on the company's row.
CREATE FUNCTION "company_invoices_count_credit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before bigint := 0;
  after bigint := 0;
  company uuid;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."voided_at" IS NULL THEN
    before := OLD."amount_cents" - OLD."paid_cents" - OLD."credited_cents";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."voided_at" IS NULL THEN
    after := NEW."amount_cents" - NEW."paid_cents" - NEW."credited_cents";
  END IF;
  IF TG_OP = 'DELETE' THEN company := OLD."company_id"; ELSE company := NEW."company_id"; END IF;
  IF after <> before THEN
    UPDATE "companies" SET "credit_used_cents" = "credit_used_cents" + after - before
     WHERE "id" = company;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "company_invoices_credit" AFTER INSERT OR UPDATE OR DELETE ON "company_invoices"
  FOR EACH ROW EXECUTE FUNCTION "company_invoices_count_credit"();

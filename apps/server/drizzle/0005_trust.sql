CREATE TABLE "user_roles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"source" text NOT NULL,
	"granted_by" text,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_role_known" CHECK ("user_roles"."role" in ('admin'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"intent_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_status_known" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "outbox_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "outbox_jobs_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "outbox_jobs_status_known" CHECK ("outbox_jobs"."status" in ('pending', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "admins" RENAME TO "role_grants";--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "part_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "role_grants" ADD COLUMN "granted_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "status" text DEFAULT 'requires_payment_method' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_intents" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Admins named by email before this version keep their role, now held by their user id; the
-- addresses nobody has signed up with stay as grants, applied once their owner proves them.
INSERT INTO "user_roles" ("user_id", "role", "source", "granted_at")
  SELECT u."id", 'admin', g."source", g."granted_at" FROM "role_grants" g JOIN "users" u ON lower(u."email") = g."email"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "role_grants" g USING "users" u WHERE lower(u."email") = g."email";--> statement-breakpoint
-- The payment rows learn what the order already says of them.
UPDATE "payments" p SET "status" = CASE o."status" WHEN 'paid' THEN 'succeeded' WHEN 'pending' THEN 'processing' WHEN 'canceled' THEN 'canceled' ELSE p."status" END
  FROM "orders" o WHERE o."id" = p."order_id";--> statement-breakpoint
UPDATE "sandbox_intents" i SET "status" = 'canceled' FROM "orders" o
  WHERE o."id"::text = i."order_id" AND o."status" = 'canceled' AND i."status" <> 'succeeded';--> statement-breakpoint
-- One review per customer: earlier duplicates keep their text but no longer name the account.
UPDATE "reviews" r SET "user_id" = NULL WHERE r."user_id" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "reviews" n WHERE n."user_id" = r."user_id" AND n."part_id" IS NOT DISTINCT FROM r."part_id"
    AND (n."created_at", n."id") > (r."created_at", r."id"));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_intent_id_sandbox_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."sandbox_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_jobs_due_idx" ON "outbox_jobs" USING btree ("run_at") WHERE "outbox_jobs"."status" in ('pending', 'running');--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_author_idx" ON "reviews" USING btree ("user_id",coalesce("part_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "reviews"."user_id" is not null;--> statement-breakpoint
ALTER TABLE "sandbox_intents" ADD CONSTRAINT "sandbox_intents_idempotency_key_unique" UNIQUE("idempotency_key");
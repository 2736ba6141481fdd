CREATE SEQUENCE "public"."order_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"actor_id" text,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "order_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"event_key" text NOT NULL,
	"to_address" text,
	"subject" text,
	"text_body" text,
	"html_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "order_emails_event_key_unique" UNIQUE("event_key")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" bigint DEFAULT nextval('order_numbers') NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_emails" ADD CONSTRAINT "order_emails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_emails" ADD CONSTRAINT "order_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
-- Existing orders: numbers in the order they were placed, the sequence past them; the one-line
-- address as the street; the known times; and a timeline that starts where the data does.
UPDATE "orders" o SET "number" = n."num" FROM (
  SELECT "id", 10000 + row_number() OVER (ORDER BY "created_at", "id") AS "num" FROM "orders"
) n WHERE o."id" = n."id";--> statement-breakpoint
SELECT setval('order_numbers', GREATEST((SELECT max("number") FROM "orders"), 10000));--> statement-breakpoint
UPDATE "orders" SET "ship_street" = "address" WHERE "ship_street" = '';--> statement-breakpoint
UPDATE "orders" SET "paid_at" = "updated_at" WHERE "status" = 'paid';--> statement-breakpoint
UPDATE "orders" SET "canceled_at" = "updated_at" WHERE "status" = 'canceled';--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "at", "actor", "actor_id", "from_status", "to_status", "note")
  SELECT "id", "created_at", 'customer', "user_id", NULL, 'unpaid', 'Order placed' FROM "orders";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "at", "actor", "from_status", "to_status", "note")
  SELECT "id", "updated_at", 'system', 'unpaid', "status", 'Recorded before the timeline was kept'
  FROM "orders" WHERE "status" <> 'unpaid';--> statement-breakpoint
CREATE INDEX "order_emails_order_idx" ON "order_emails" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_idx" ON "orders" USING btree ("user_id","idempotency_key") WHERE "orders"."idempotency_key" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE("number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('unpaid', 'pending', 'paid', 'shipped', 'delivered', 'canceled'));
-- Issue 35: outgoing webhooks (decision 059). An event is a row written by the transaction that
-- caused it, with one delivery row per endpoint that hears it: the deliveries are the webhooks'
-- outbox, claimed by the delivery worker, retried over a day, each attempt logged.
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid REFERENCES "companies"("id") ON DELETE cascade,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"event_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_until" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "webhook_endpoints_company_idx" ON "webhook_endpoints" ("company_id");--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"company_id" uuid,
	"object_type" text,
	"object_id" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" ("created_at");--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL REFERENCES "webhook_events"("id") ON DELETE cascade,
	"endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE cascade,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now(),
	"locked_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"response_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_status_known" CHECK ("status" in ('pending', 'succeeded', 'failed'))
);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("endpoint_id", "created_at");--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL REFERENCES "webhook_deliveries"("id") ON DELETE cascade,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempt" integer NOT NULL,
	"response_status" integer,
	"error" text,
	"duration_ms" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" ("delivery_id", "id");

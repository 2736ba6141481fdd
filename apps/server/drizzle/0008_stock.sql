CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"part_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"delta" integer NOT NULL,
	"level_after" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"actor_id" text,
	"order_id" uuid,
	CONSTRAINT "stock_movements_delta_not_zero" CHECK ("stock_movements"."delta" <> 0)
);
--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_part_idx" ON "stock_movements" USING btree ("part_id","id");--> statement-breakpoint
-- Parts that existed before the ledger open it with their stock, so each history sums to its level.
INSERT INTO "stock_movements" ("part_id", "kind", "delta", "level_after", "reason", "at")
SELECT "id", 'opening', "available_quantity", "available_quantity", 'Stock before the ledger', "created_at"
FROM "parts" WHERE "available_quantity" > 0;

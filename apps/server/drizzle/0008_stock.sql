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
--> statement-breakpoint
-- A part added with stock opens its ledger with that stock, whichever path added it (the add-part
-- form, the demo seed, a bulk import): the history always sums to the level.
CREATE FUNCTION "stock_open_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."available_quantity" > 0 THEN
    INSERT INTO "stock_movements" ("part_id", "kind", "delta", "level_after", "reason", "at")
    VALUES (NEW."id", 'opening', NEW."available_quantity", NEW."available_quantity", 'Stock when the part was added', NEW."created_at");
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "parts_open_ledger" AFTER INSERT ON "parts" FOR EACH ROW EXECUTE FUNCTION "stock_open_ledger"();

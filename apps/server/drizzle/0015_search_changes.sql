-- Issue 25: every instance keeps the catalog's search index in memory; this log tells each one
-- which parts changed. A trigger writes one row per changed part (any insert, update or delete
-- of a parts row: text, price, stock, archive, fitment through fit_makes) and notifies channel
-- `search_changes` at commit; instances LISTEN, and poll the log as a backstop for a missed
-- notification (NOTIFY is not replayed). Rows older than an hour are deleted by the instances.
CREATE TABLE "search_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"part_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "search_changes_at_idx" ON "search_changes" USING btree ("at");--> statement-breakpoint
CREATE FUNCTION "search_changes_log"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (part_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  -- One payload for all: notifications with the same payload in one transaction are sent once.
  PERFORM pg_notify('search_changes', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "parts_search_changes" AFTER INSERT OR DELETE ON "parts"
  FOR EACH ROW EXECUTE FUNCTION "search_changes_log"();--> statement-breakpoint
CREATE TRIGGER "parts_search_changes_update" AFTER UPDATE ON "parts"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "search_changes_log"();--> statement-breakpoint
CREATE FUNCTION "search_changes_fitment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (part_id)
    SELECT DISTINCT part_id FROM (SELECT part_id FROM changed) AS c;
  PERFORM pg_notify('search_changes', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "part_fitments_search_changes_insert" AFTER INSERT ON "part_fitments"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "search_changes_fitment"();--> statement-breakpoint
CREATE TRIGGER "part_fitments_search_changes_delete" AFTER DELETE ON "part_fitments"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "search_changes_fitment"();

CREATE TABLE "list_counts" (
	"list" text NOT NULL,
	"status" text NOT NULL,
	"seen" boolean NOT NULL,
	"rows" bigint NOT NULL,
	CONSTRAINT "list_counts_list_status_seen_pk" PRIMARY KEY("list","status","seen")
);
--> statement-breakpoint
CREATE INDEX "orders_unseen_id_idx" ON "orders" USING btree ("id") WHERE not "orders"."seen";--> statement-breakpoint
-- Adds what a statement inserted (+1) and removed (-1) to list_counts, per status and seen: once per statement, so a
-- bulk insert is one upsert per group rather than one per row. Groups whose rows did not change leave their counter
-- row alone (and unlocked); the rest are upserted in a fixed order, so two writers lock the counter rows alike.
-- TG_ARGV: the list's name, and the column that holds a row's status when the list has one ('' otherwise).
CREATE FUNCTION "count_list_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  status text := CASE WHEN TG_NARGS > 1 THEN quote_ident(TG_ARGV[1]) ELSE quote_literal('') END;
  changes text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM list_counts WHERE list = TG_ARGV[0];
    RETURN NULL;
  END IF;
  changes := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s AS status, seen, 1 AS delta FROM added', status)
    WHEN 'DELETE' THEN format('SELECT %s AS status, seen, -1 AS delta FROM removed', status)
    ELSE format('SELECT %1$s AS status, seen, 1 AS delta FROM added UNION ALL SELECT %1$s, seen, -1 FROM removed', status)
  END;
  EXECUTE format(
    'INSERT INTO list_counts AS counted (list, status, seen, rows)
     SELECT $1, status, seen, sum(delta) FROM (%s) AS changed
     GROUP BY status, seen HAVING sum(delta) <> 0 ORDER BY status, seen
     ON CONFLICT (list, status, seen) DO UPDATE SET rows = counted.rows + excluded.rows',
    changes)
  USING TG_ARGV[0];
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_counted_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('orders', 'status');
--> statement-breakpoint
CREATE TRIGGER "orders_counted_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('orders', 'status');
--> statement-breakpoint
CREATE TRIGGER "orders_counted_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('orders', 'status');
--> statement-breakpoint
CREATE TRIGGER "orders_counted_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('orders', 'status');
--> statement-breakpoint
CREATE TRIGGER "contact_messages_counted_insert" AFTER INSERT ON "contact_messages" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('contacts');
--> statement-breakpoint
CREATE TRIGGER "contact_messages_counted_update" AFTER UPDATE ON "contact_messages" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('contacts');
--> statement-breakpoint
CREATE TRIGGER "contact_messages_counted_delete" AFTER DELETE ON "contact_messages" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('contacts');
--> statement-breakpoint
CREATE TRIGGER "contact_messages_counted_truncate" AFTER TRUNCATE ON "contact_messages" FOR EACH STATEMENT EXECUTE FUNCTION "count_list_rows"('contacts');
--> statement-breakpoint
-- What is there already.
INSERT INTO "list_counts" ("list", "status", "seen", "rows")
SELECT 'orders', "status", "seen", count(*) FROM "orders" GROUP BY "status", "seen"
UNION ALL
SELECT 'contacts', '', "seen", count(*) FROM "contact_messages" GROUP BY "seen";

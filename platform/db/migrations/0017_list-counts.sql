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
--> statement-breakpoint
CREATE TABLE "enquiry_day_products" (
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"enquiries" integer NOT NULL,
	"cartons" bigint NOT NULL,
	CONSTRAINT "enquiry_day_products_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "enquiry_days" (
	"day" date PRIMARY KEY NOT NULL,
	"enquiries" integer NOT NULL
);
--> statement-breakpoint
-- The day in India (one time zone, no daylight saving) a moment falls on: the dashboard's days.
CREATE FUNCTION "ist_day"(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT (at AT TIME ZONE 'UTC' + interval '330 minutes')::date
$$;
--> statement-breakpoint
-- enquiry_days follows what a statement did to orders (once per statement; groups that did not change are left alone
-- and unlocked; counter rows upserted in day order, so two writers lock them alike). An enquiry moved to another
-- day (its time corrected) takes its lines' counts in enquiry_day_products with it.
CREATE FUNCTION "count_enquiry_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  nothing text := 'SELECT * FROM orders WHERE false';
  added_rows text := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN 'SELECT * FROM added' ELSE nothing END;
  removed_rows text := CASE WHEN TG_OP IN ('DELETE', 'UPDATE') THEN 'SELECT * FROM removed' ELSE nothing END;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM enquiry_days;
    DELETE FROM enquiry_day_products;
    RETURN NULL;
  END IF;
  EXECUTE format($q$
    WITH a AS (%s), r AS (%s)
    INSERT INTO enquiry_days AS kept (day, enquiries)
    SELECT day, sum(delta) FROM (
      SELECT ist_day(created_at) AS day, 1 AS delta FROM a
      UNION ALL SELECT ist_day(created_at), -1 FROM r
    ) AS changed
    GROUP BY day HAVING sum(delta) <> 0 ORDER BY day
    ON CONFLICT (day) DO UPDATE SET enquiries = kept.enquiries + excluded.enquiries
  $q$, added_rows, removed_rows);
  IF TG_OP = 'UPDATE' THEN
    EXECUTE $q$
      WITH moved AS (
        SELECT a.id, ist_day(r.created_at) AS was, ist_day(a.created_at) AS now
        FROM added a JOIN removed r ON r.id = a.id
        WHERE ist_day(r.created_at) <> ist_day(a.created_at)
      ),
      lines AS (
        SELECT m.was, m.now, i.product_id, max(i.product_name) AS product_name, sum(i.quantity) AS cartons
        FROM moved m JOIN order_items i ON i.order_id = m.id
        GROUP BY m.id, m.was, m.now, i.product_id
      )
      INSERT INTO enquiry_day_products AS kept (day, product_id, product_name, enquiries, cartons)
      SELECT day, product_id, max(product_name), sum(enquiries), sum(cartons) FROM (
        SELECT was AS day, product_id, product_name, -1 AS enquiries, -cartons AS cartons FROM lines
        UNION ALL SELECT now, product_id, product_name, 1, cartons FROM lines
      ) AS changed
      GROUP BY day, product_id HAVING sum(enquiries) <> 0 OR sum(cartons) <> 0 ORDER BY day, product_id
      ON CONFLICT (day, product_id) DO UPDATE SET enquiries = kept.enquiries + excluded.enquiries,
        cartons = kept.cartons + excluded.cartons, product_name = greatest(kept.product_name, excluded.product_name)
    $q$;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- enquiry_day_products follows what a statement did to order_items: per enquiry and product touched, the enquiry
-- counts once if it has a line of that product now and did not before (or the other way round), and the cartons
-- change by what was added less what was removed. Lines whose enquiry is being deleted are left to the trigger below.
CREATE FUNCTION "count_enquiry_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  nothing text := 'SELECT * FROM order_items WHERE false';
  added_rows text := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN 'SELECT * FROM added' ELSE nothing END;
  removed_rows text := CASE WHEN TG_OP IN ('DELETE', 'UPDATE') THEN 'SELECT * FROM removed' ELSE nothing END;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM enquiry_day_products;
    RETURN NULL;
  END IF;
  EXECUTE format($q$
    WITH a AS (%s), r AS (%s),
    pairs AS (
      SELECT order_id, product_id, max(product_name) AS product_name, sum(quantity) AS cartons, sum(line) AS lines_added
      FROM (
        SELECT order_id, product_id, product_name, quantity, 1 AS line FROM a
        UNION ALL SELECT order_id, product_id, product_name, -quantity, -1 FROM r
      ) AS changed
      GROUP BY order_id, product_id
    ),
    -- The lines a pair had before the statement are those it has now, less what it added, plus what it removed:
    -- counted per pair through the order's index, so a bulk insert (an import in SQL, 300,000 lines) stays one pass
    -- instead of looking through the statement's own rows for every pair.
    deltas AS (
      SELECT ist_day(o.created_at) AS day, p.product_id, p.product_name, p.cartons,
             (held.lines > 0)::int - (held.lines - p.lines_added > 0)::int AS enquiries
      FROM pairs p JOIN orders o ON o.id = p.order_id
      CROSS JOIN LATERAL (
        SELECT count(*) AS lines FROM order_items i WHERE i.order_id = p.order_id AND i.product_id = p.product_id
      ) AS held
    )
    INSERT INTO enquiry_day_products AS kept (day, product_id, product_name, enquiries, cartons)
    SELECT day, product_id, max(product_name), sum(enquiries), sum(cartons) FROM deltas
    GROUP BY day, product_id HAVING sum(enquiries) <> 0 OR sum(cartons) <> 0 ORDER BY day, product_id
    ON CONFLICT (day, product_id) DO UPDATE SET enquiries = kept.enquiries + excluded.enquiries,
      cartons = kept.cartons + excluded.cartons, product_name = greatest(kept.product_name, excluded.product_name)
  $q$, added_rows, removed_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An enquiry about to be deleted takes its lines' counts away while they can still be read; the lines then go with
-- it (ON DELETE CASCADE), when their enquiry is no longer there for the trigger above to find.
CREATE FUNCTION "uncount_enquiry_lines"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO enquiry_day_products AS kept (day, product_id, product_name, enquiries, cartons)
  SELECT ist_day(OLD.created_at), product_id, max(product_name), -1, -sum(quantity)
  FROM order_items WHERE order_id = OLD.id GROUP BY product_id ORDER BY product_id
  ON CONFLICT (day, product_id) DO UPDATE SET enquiries = kept.enquiries + excluded.enquiries,
    cartons = kept.cartons + excluded.cartons;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_days_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_enquiry_days"();
--> statement-breakpoint
CREATE TRIGGER "orders_days_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_enquiry_days"();
--> statement-breakpoint
CREATE TRIGGER "orders_days_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "count_enquiry_days"();
--> statement-breakpoint
CREATE TRIGGER "orders_days_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "count_enquiry_days"();
--> statement-breakpoint
CREATE TRIGGER "orders_lines_uncounted" BEFORE DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "uncount_enquiry_lines"();
--> statement-breakpoint
CREATE TRIGGER "order_items_counted_insert" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_enquiry_lines"();
--> statement-breakpoint
CREATE TRIGGER "order_items_counted_update" AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_enquiry_lines"();
--> statement-breakpoint
CREATE TRIGGER "order_items_counted_delete" AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "count_enquiry_lines"();
--> statement-breakpoint
CREATE TRIGGER "order_items_counted_truncate" AFTER TRUNCATE ON "order_items" FOR EACH STATEMENT EXECUTE FUNCTION "count_enquiry_lines"();
--> statement-breakpoint
-- What is there already.
INSERT INTO "enquiry_days" ("day", "enquiries") SELECT ist_day("created_at"), count(*) FROM "orders" GROUP BY 1;
--> statement-breakpoint
INSERT INTO "enquiry_day_products" ("day", "product_id", "product_name", "enquiries", "cartons")
SELECT ist_day(o."created_at"), i."product_id", max(i."product_name"), count(DISTINCT i."order_id"), sum(i."quantity")
FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id" GROUP BY 1, 2;

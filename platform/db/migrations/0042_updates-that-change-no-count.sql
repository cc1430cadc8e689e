-- An update that changes none of what a count reads (a note, a total, the staff's reply date, or the customer grouping
-- setting an enquiry's customer_id, which every enquiry sets off as it is sent) leaves the counts as they are without
-- running their dynamic SQL, which PostgreSQL plans anew on every call: the check is static SQL, planned once per
-- connection. Measured on PGlite: the database's part of an enquiry 5.9-6.4 ms of CPU before, 4.2-5.0 after
-- (docs/benchmarks.md, 2026-12-06, evening). The rows are compared whole (id and what is counted), so an update that
-- changes an id is counted as before.
CREATE OR REPLACE FUNCTION "count_list_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  status text := CASE WHEN TG_NARGS > 1 THEN quote_ident(TG_ARGV[1]) ELSE quote_literal('') END;
  changes text;
BEGIN
  -- An update that kept every row's id, status and seen flag changes no count.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT id, seen, to_jsonb(a) -> TG_ARGV[1] FROM added AS a
      EXCEPT SELECT id, seen, to_jsonb(r) -> TG_ARGV[1] FROM removed AS r
    ) THEN
      RETURN NULL;
    END IF;
  END IF;
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
CREATE OR REPLACE FUNCTION "count_enquiry_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  nothing text := 'SELECT * FROM orders WHERE false';
  added_rows text := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN 'SELECT * FROM added' ELSE nothing END;
  removed_rows text := CASE WHEN TG_OP IN ('DELETE', 'UPDATE') THEN 'SELECT * FROM removed' ELSE nothing END;
BEGIN
  -- An update that kept every enquiry's id and time moves nothing between days.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT id, created_at FROM added EXCEPT SELECT id, created_at FROM removed) THEN
      RETURN NULL;
    END IF;
  END IF;
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

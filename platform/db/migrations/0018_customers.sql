CREATE TABLE "customer_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_enquiry_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_id" integer;--> statement-breakpoint
CREATE INDEX "customer_keys_customer_idx" ON "customer_keys" USING btree ("customer_id","order_id");--> statement-breakpoint
CREATE INDEX "customers_last_enquiry_idx" ON "customers" USING btree ("last_enquiry_at","id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","id");--> statement-breakpoint
-- What joins two enquiries into one customer (312-customers.md): the e-mail address in small letters, and the phone's 10
-- national digits, read as the checkout reads a typed number (spaces, brackets, dots and dashes dropped, a leading
-- +91, 91 or 0 before ten digits dropped), or every digit when it is not such a number; fewer than 8 digits say too
-- little to join anyone, so such a phone joins nothing.
CREATE FUNCTION "customer_email_key"(email text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'e:' || lower(btrim(email))
$$;
--> statement-breakpoint
CREATE FUNCTION "customer_phone_key"(phone text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN length(digits) >= 8 THEN 'p:' || digits END
  FROM (SELECT regexp_replace(
          coalesce(substring(regexp_replace(phone, '[[:space:]().-]', '', 'g') FROM '^(?:\+91|91|0)?([0-9]{10})$'), phone),
          '[^0-9]', '', 'g') AS digits) AS typed
$$;
--> statement-breakpoint
-- Joins one enquiry to its customer and returns the customer's id: the customer who has its e-mail or phone key, or a
-- new customer of its own (whose id is the enquiry's). When its keys belong to several customers, this enquiry links
-- them, and they become one under the lowest id (their keys and enquiries move to it). Leaves the enquiry's own row
-- alone: the caller sets it. The loop covers a writer who claimed one of the keys meanwhile (PostgreSQL): after its
-- commit the key is seen as taken, and that customer is joined too.
-- Every lookup here is by a key or an id, through an index. The function's plans are made once per connection, often
-- while the tables are nearly empty, when a plain scan looks cheaper; a bulk insert that kept such a plan would read
-- the whole of customer_keys once per enquiry (10,000 enquiries took 19 s). So plain scans are ruled out in here.
CREATE FUNCTION "customer_link"(enquiry integer, email text, phone text, sent timestamptz) RETURNS integer
LANGUAGE plpgsql SET enable_seqscan = off AS $$
DECLARE
  keys text[] := array_remove(ARRAY[customer_email_key(email), customer_phone_key(phone)], NULL);
  holders integer[];
  customer integer;
BEGIN
  LOOP
    SELECT array_agg(DISTINCT customer_id ORDER BY customer_id) INTO holders FROM customer_keys WHERE key = ANY (keys);
    customer := least(enquiry, holders[1]);
    IF holders IS NOT NULL AND holders <> ARRAY[customer] THEN
      INSERT INTO customers AS kept (id, last_enquiry_at)
        SELECT customer, max(last_enquiry_at) FROM customers WHERE id = ANY (holders) HAVING count(*) > 0
        ON CONFLICT (id) DO UPDATE SET last_enquiry_at = greatest(kept.last_enquiry_at, excluded.last_enquiry_at);
      DELETE FROM customers WHERE id = ANY (holders) AND id <> customer;
      UPDATE customer_keys SET customer_id = customer WHERE customer_id = ANY (holders) AND customer_id <> customer;
      UPDATE orders SET customer_id = customer WHERE customer_id = ANY (holders) AND customer_id <> customer;
    END IF;
    INSERT INTO customer_keys AS held (key, customer_id, order_id) SELECT unnest(keys), customer, enquiry
      ON CONFLICT (key) DO UPDATE SET order_id = least(held.order_id, excluded.order_id) WHERE held.customer_id = customer;
    EXIT WHEN NOT EXISTS (SELECT 1 FROM customer_keys WHERE key = ANY (keys) AND customer_id <> customer);
  END LOOP;
  INSERT INTO customers AS kept (id, last_enquiry_at) VALUES (customer, sent)
    ON CONFLICT (id) DO UPDATE SET last_enquiry_at = greatest(kept.last_enquiry_at, excluded.last_enquiry_at);
  RETURN customer;
END $$;
--> statement-breakpoint
-- Joins these enquiries (whose customer_id is null or stale) to their customers, oldest id first, then writes each
-- one's customer in one statement: the customer holding its e-mail key, which is where every merge ended. The ids are
-- joined as a table (unnest), never searched as an array, so a bulk insert of any size is one pass.
CREATE FUNCTION "customers_link_orders"(members integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  enquiry record;
BEGIN
  FOR enquiry IN
    SELECT orders.id, customer_email, customer_phone, created_at
    FROM unnest(members) AS member(id) JOIN orders ON orders.id = member.id ORDER BY orders.id
  LOOP
    PERFORM customer_link(enquiry.id, enquiry.customer_email, enquiry.customer_phone, enquiry.created_at);
  END LOOP;
  UPDATE orders SET customer_id = held.customer_id
  FROM unnest(members) AS member(id), customer_keys AS held
  WHERE orders.id = member.id AND held.key = customer_email_key(orders.customer_email)
    AND orders.customer_id IS DISTINCT FROM held.customer_id;
END $$;
--> statement-breakpoint
-- Finds these customers again from the enquiries they still have: after one was deleted (it may have been the only
-- link between two people) or had its e-mail, phone or date changed.
CREATE FUNCTION "customers_regroup"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  members integer[];
BEGIN
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  members := ARRAY(SELECT orders.id FROM unnest(ids) AS gone(id) JOIN orders ON orders.customer_id = gone.id);
  DELETE FROM customer_keys USING unnest(ids) AS gone(id) WHERE customer_keys.customer_id = gone.id;
  DELETE FROM customers USING unnest(ids) AS gone(id) WHERE customers.id = gone.id;
  UPDATE orders SET customer_id = NULL FROM unnest(members) AS member(id) WHERE orders.id = member.id;
  PERFORM customers_link_orders(members);
END $$;
--> statement-breakpoint
-- Inserts and deletes once per statement, so a bulk insert (an import in SQL) is one pass in id order and a bulk
-- delete regroups each customer once.
CREATE FUNCTION "orders_customers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE customers, customer_keys;
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM customers_link_orders(ARRAY(SELECT id FROM added));
  ELSE
    PERFORM customers_regroup(ARRAY(SELECT DISTINCT customer_id FROM removed WHERE customer_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_customers_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "orders_customers"();
--> statement-breakpoint
CREATE TRIGGER "orders_customers_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "orders_customers"();
--> statement-breakpoint
CREATE TRIGGER "orders_customers_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "orders_customers"();
--> statement-breakpoint
-- An enquiry whose e-mail, phone or date is corrected: its customer is found again. Per row, and only for those
-- columns, so the status and seen changes the staff make all day (and the customer ids written above) cost nothing
-- here.
CREATE FUNCTION "orders_customer_contact_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customers_regroup(ARRAY[OLD.customer_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_customers_update" AFTER UPDATE OF "customer_email", "customer_phone", "created_at" ON "orders"
FOR EACH ROW WHEN (OLD.customer_id IS NOT NULL AND (OLD.customer_email, OLD.customer_phone, OLD.created_at)
                   IS DISTINCT FROM (NEW.customer_email, NEW.customer_phone, NEW.created_at))
EXECUTE FUNCTION "orders_customer_contact_changed"();
--> statement-breakpoint
-- How many customers there are, kept in list_counts (list 'customers') as the lists' counts are: the customers list's
-- total without reading the table.
CREATE FUNCTION "count_customers"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed bigint;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM list_counts WHERE list = 'customers';
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO changed FROM added;
  ELSE
    SELECT -count(*) INTO changed FROM removed;
  END IF;
  IF changed <> 0 THEN
    INSERT INTO list_counts AS counted (list, status, seen, rows) VALUES ('customers', '', true, changed)
      ON CONFLICT (list, status, seen) DO UPDATE SET rows = counted.rows + excluded.rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "customers_counted_insert" AFTER INSERT ON "customers" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "count_customers"();
--> statement-breakpoint
CREATE TRIGGER "customers_counted_delete" AFTER DELETE ON "customers" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "count_customers"();
--> statement-breakpoint
CREATE TRIGGER "customers_counted_truncate" AFTER TRUNCATE ON "customers" FOR EACH STATEMENT EXECUTE FUNCTION "count_customers"();
--> statement-breakpoint
-- The customers of the enquiries already here.
SELECT customers_link_orders(ARRAY(SELECT id FROM orders));

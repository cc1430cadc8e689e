-- Which price group an account is in is held in each process's memory (domains/pricing/service.server.ts); whatever
-- changes it (a customer put in or out of a group, an enquiry that joins an account to a customer record or merges
-- two records, a record removed) tells every process on the channel 'price_membership' when it commits. A statement
-- trigger on the tables that decide it catches every writer, the enquiry's customer grouping included.
CREATE FUNCTION "price_membership_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('price_membership', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "price_group_members_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_group_members"
  FOR EACH STATEMENT EXECUTE FUNCTION "price_membership_changed"();--> statement-breakpoint
CREATE TRIGGER "customer_keys_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "customer_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION "price_membership_changed"();--> statement-breakpoint
CREATE TRIGGER "orders_customer_changed" AFTER UPDATE OF "customer_id", "user_id" ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "price_membership_changed"();

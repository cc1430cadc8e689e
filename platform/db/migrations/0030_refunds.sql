-- Refunds paid out to a customer who paid more than an invoice comes to after its credit notes. Like payments, a
-- refund is a record of money that moved: never changed or deleted, the same transfer never recorded twice.
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"note" text,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_paise" > 0),
	CONSTRAINT "refunds_method_check" CHECK ("refunds"."method" in ('upi', 'bank-transfer', 'cheque', 'cash'))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_invoice_idx" ON "refunds" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_reference_idx" ON "refunds" USING btree ("invoice_id","method","reference");--> statement-breakpoint
CREATE TRIGGER "refunds_never_change" BEFORE UPDATE OR DELETE ON "refunds" FOR EACH ROW EXECUTE FUNCTION "refuse_change_to_record"();

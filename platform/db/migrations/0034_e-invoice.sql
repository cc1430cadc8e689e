-- E-invoicing (docs/decisions/502-hand-offs-e-way-bill-tally-and-e-invoice.md): the invoice registration portal's answer to each
-- registered invoice or credit note, as the staff paste it, and its cancellation within the portal's 24 hours. A row
-- is written once with the answer; the cancellation's columns are filled once, never changed after.
-- An invoice issued to a registered buyer while e-invoicing is on is held from the customer until its answer is
-- recorded: `held_for_irn`, written with the invoice (false on every invoice before).
ALTER TABLE "invoices" ADD COLUMN "held_for_irn" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "e_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"credit_note_id" integer,
	"document_number" text NOT NULL,
	"irn" text NOT NULL,
	"ack_no" text NOT NULL,
	"ack_date" text NOT NULL,
	"signed_invoice" text NOT NULL,
	"signed_qr_code" text NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"cancel_date" text,
	"cancel_reason" text,
	"cancel_remark" text,
	"cancel_recorded_by" text,
	"cancel_recorded_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "e_invoices_document_idx" ON "e_invoices" USING btree ("document_number");--> statement-breakpoint
CREATE UNIQUE INDEX "e_invoices_irn_idx" ON "e_invoices" USING btree ("irn");--> statement-breakpoint
CREATE INDEX "e_invoices_invoice_idx" ON "e_invoices" USING btree ("invoice_id");
--> statement-breakpoint
-- Hand-added: an answer is never deleted or changed; only its cancellation is written, once.
CREATE FUNCTION "e_invoice_cancelled_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' OR OLD."cancel_date" IS NOT NULL OR NEW."cancel_date" IS NULL
		OR (NEW."invoice_id", NEW."credit_note_id", NEW."document_number", NEW."irn", NEW."ack_no", NEW."ack_date",
			NEW."signed_invoice", NEW."signed_qr_code", NEW."recorded_by", NEW."recorded_at")
		IS DISTINCT FROM (OLD."invoice_id", OLD."credit_note_id", OLD."document_number", OLD."irn", OLD."ack_no",
			OLD."ack_date", OLD."signed_invoice", OLD."signed_qr_code", OLD."recorded_by", OLD."recorded_at") THEN
		RAISE EXCEPTION 'An e-invoice answer is never changed; its cancellation is written once' USING ERRCODE = 'integrity_constraint_violation';
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "e_invoices_cancelled_once" BEFORE UPDATE OR DELETE ON "e_invoices" FOR EACH ROW EXECUTE FUNCTION "e_invoice_cancelled_once"();

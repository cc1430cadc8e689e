-- The credits of the bank statements the staff upload, each once (its key: the bank, the day, the amount and the UTR,
-- or a hash of its row when it has none), and the payments each became or was found to be already.
CREATE TABLE "bank_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"bank" text NOT NULL,
	"booked_on" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	"narration" text NOT NULL,
	"reference" text,
	"method" text,
	"uploaded_by" text NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"settlement" text,
	"settled_by" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bank_credits_amount_positive" CHECK ("bank_credits"."amount_paise" > 0),
	CONSTRAINT "bank_credits_method_check" CHECK ("bank_credits"."method" in ('upi', 'bank-transfer')),
	CONSTRAINT "bank_credits_settlement_check" CHECK ("bank_credits"."settlement" in ('confirmed', 'already-recorded'))
);
--> statement-breakpoint
CREATE TABLE "bank_credit_payments" (
	"credit_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	CONSTRAINT "bank_credit_payments_pk" PRIMARY KEY("credit_id","payment_id")
);
--> statement-breakpoint
ALTER TABLE "bank_credit_payments" ADD CONSTRAINT "bank_credit_payments_credit_id_bank_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."bank_credits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_credit_payments" ADD CONSTRAINT "bank_credit_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_credits_key_idx" ON "bank_credits" USING btree ("key");--> statement-breakpoint
CREATE INDEX "bank_credits_list_idx" ON "bank_credits" USING btree ("booked_on","id");--> statement-breakpoint
CREATE INDEX "bank_credits_reference_idx" ON "bank_credits" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_credit_payments_payment_idx" ON "bank_credit_payments" USING btree ("payment_id");

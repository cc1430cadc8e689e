-- Bill to and Ship to (Rule 46(f) and (o)): the business name the checkout may now take, and the billing party a quote
-- names (the GSTIN holder's legal name and address, null: the customer's name and the delivery address).
ALTER TABLE "orders" ADD COLUMN "customer_business_name" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "billing_name" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "billing_address" text;--> statement-breakpoint
-- The shop's digital signature certificate (.p12), sealed with the app secret; one row per upload, the newest not
-- removed is in force. Nothing is updated but `removed_at`/`removed_by`, so the rows are the history.
CREATE TABLE "signing_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"serial_number" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"uploaded_by" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_by" text,
	"removed_at" timestamp with time zone
);

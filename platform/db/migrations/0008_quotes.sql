CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"lines" json NOT NULL,
	"delivery_paise" integer NOT NULL,
	"totals" json NOT NULL,
	"place_of_supply" text NOT NULL,
	"customer_gstin" text,
	"valid_until" date NOT NULL,
	"note" text,
	"sent_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"decline_reason" text
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_order_version_idx" ON "quotes" USING btree ("order_id","version");--> statement-breakpoint
-- DEMO VALUES for the rows already there, by the rule of server/db/seed/seed.ts demoTaxOf.
UPDATE "products" SET "hsn_code" = CASE
  WHEN "name" ILIKE 'areca%' THEN '14049090'
  WHEN "name" ILIKE '%wooden%' THEN '44199090'
  ELSE '48236900' END,
  "gst_rate" = CASE WHEN "name" ILIKE 'areca%' OR "name" ILIKE '%wooden%' THEN 5 ELSE 18 END;

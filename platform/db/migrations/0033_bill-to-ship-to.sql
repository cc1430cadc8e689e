-- Bill to and Ship to (Rule 46(f) and (o)): the business name the checkout may now take, and the billing party a quote
-- names (the GSTIN holder's legal name and address, null: the customer's name and the delivery address).
ALTER TABLE "orders" ADD COLUMN "customer_business_name" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "billing_name" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "billing_address" text;

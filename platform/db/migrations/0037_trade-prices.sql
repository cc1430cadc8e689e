-- Trade prices (issue 36). A product sells in at least min_cartons, in multiples of carton_step (1 and 1: any
-- quantity, as before); price_breaks are cheaper carton prices from a number of cartons on ([{"minCartons":10,
-- "price":"900.00"}], ascending). A variation's null minimum or step is the product's; its breaks replace the product's.
ALTER TABLE "products" ADD COLUMN "min_cartons" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "carton_step" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_carton_rule" CHECK ("products"."min_cartons" >= 1 and "products"."carton_step" >= 1);--> statement-breakpoint
ALTER TABLE "product_variations" ADD COLUMN "min_cartons" integer;--> statement-breakpoint
ALTER TABLE "product_variations" ADD COLUMN "carton_step" integer;--> statement-breakpoint
ALTER TABLE "product_variations" ADD COLUMN "price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variations" ADD CONSTRAINT "product_variations_carton_rule" CHECK ("product_variations"."min_cartons" >= 1 and "product_variations"."carton_step" >= 1);--> statement-breakpoint
-- Why a sent line cost what it did: the break it reached and the price group it was priced for (null on lines sent
-- before, which were priced at the catalogue's carton price).
ALTER TABLE "order_items" ADD COLUMN "price_basis" jsonb;

ALTER TABLE "product_variations" ALTER COLUMN "stock_quantity" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "product_variations" ALTER COLUMN "stock_quantity" DROP NOT NULL;
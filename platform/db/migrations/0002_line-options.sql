DROP INDEX "cart_items_line_idx";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "option_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "options" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
-- Lines written before this migration carried only their pricing option.
UPDATE "cart_items" SET "option_ids" = jsonb_build_array("variation_id") WHERE "variation_id" IS NOT NULL;--> statement-breakpoint
UPDATE "order_items" SET "options" = json_build_array(json_build_object('type', "variation_type", 'name', coalesce("variation_name", 'Option'), 'value', "variation_value")) WHERE "variation_id" IS NOT NULL AND "variation_value" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_line_idx" ON "cart_items" USING btree ("session_id","product_id",coalesce("variation_id", 0),"option_ids");

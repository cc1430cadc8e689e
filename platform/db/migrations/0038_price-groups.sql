-- Price groups (issue 36, decision 511): the groups the shop names, a 'prices' group's own carton prices per product
-- and option with their own breaks, and which group a customer is in by each of their e-mail and phone keys.
CREATE TABLE "price_group_members" (
	"key" text PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"assigned_by" text NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_group_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"variation_id" integer,
	"price" numeric(10, 2) NOT NULL,
	"price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "price_group_prices_price_non_negative" CHECK ("price_group_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "price_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" numeric(5, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_groups_terms_check" CHECK (("price_groups"."kind" = 'percent' and "price_groups"."percent_off" > 0 and "price_groups"."percent_off" < 100) or ("price_groups"."kind" = 'prices' and "price_groups"."percent_off" is null))
);
--> statement-breakpoint
ALTER TABLE "price_group_members" ADD CONSTRAINT "price_group_members_group_id_price_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."price_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_group_prices" ADD CONSTRAINT "price_group_prices_group_id_price_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."price_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_group_prices" ADD CONSTRAINT "price_group_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_group_prices" ADD CONSTRAINT "price_group_prices_variation_id_product_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."product_variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_group_members_group_idx" ON "price_group_members" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_group_prices_line_idx" ON "price_group_prices" USING btree ("group_id","product_id",coalesce("variation_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "price_groups_name_idx" ON "price_groups" USING btree (lower("name"));

ALTER TABLE "orders" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_ml" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_ml" text;
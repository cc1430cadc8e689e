ALTER TABLE "orders" ADD COLUMN "status_token_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_link_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_status_token_idx" ON "orders" USING btree ("status_token_hash");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");
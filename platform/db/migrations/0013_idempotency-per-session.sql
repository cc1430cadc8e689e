DROP INDEX "orders_idempotency_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_session_idempotency_idx" ON "orders" USING btree ("visitor_session_id","idempotency_key");
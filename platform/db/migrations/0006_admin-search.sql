CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "contact_messages_name_trgm_idx" ON "contact_messages" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_email_trgm_idx" ON "contact_messages" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_phone_trgm_idx" ON "contact_messages" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_company_trgm_idx" ON "contact_messages" USING gin ("company" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_message_trgm_idx" ON "contact_messages" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_name_trgm_idx" ON "orders" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin ("customer_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_trgm_idx" ON "orders" USING gin ("customer_phone" gin_trgm_ops);
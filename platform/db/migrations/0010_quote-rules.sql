ALTER TABLE "outbox" ADD COLUMN "html" text;--> statement-breakpoint
-- Before the rules below, data written without them: of several accepted versions of one enquiry's quote the latest
-- stays accepted and the others are withdrawn; of several waiting versions the latest waits, the others are superseded.
UPDATE "quotes" SET "status" = 'withdrawn'
WHERE "status" = 'accepted'
  AND EXISTS (SELECT 1 FROM "quotes" AS "later" WHERE "later"."order_id" = "quotes"."order_id" AND "later"."status" = 'accepted' AND "later"."version" > "quotes"."version");--> statement-breakpoint
UPDATE "quotes" SET "status" = 'superseded'
WHERE "status" = 'sent'
  AND EXISTS (SELECT 1 FROM "quotes" AS "later" WHERE "later"."order_id" = "quotes"."order_id" AND "later"."version" > "quotes"."version");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_accepted_idx" ON "quotes" USING btree ("order_id") WHERE "quotes"."status" = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_one_open_idx" ON "quotes" USING btree ("order_id") WHERE "quotes"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "quotes_status_valid_idx" ON "quotes" USING btree ("status","valid_until");

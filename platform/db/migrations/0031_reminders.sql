-- Reminders (docs/decisions/500-statements-ageing-and-reminders.md): each step of a document's reminders is one row, written
-- before its e-mail is queued in the same transaction; the unique (kind, document, step) makes a second process's
-- insert of the same step wait for the first and then do nothing, so every reminder goes out once.
CREATE TABLE "reminders_sent" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"document_id" integer NOT NULL,
	"step" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_sent_step_idx" ON "reminders_sent" USING btree ("kind","document_id","step");
--> statement-breakpoint
-- The customers whose reminders the staff stopped (a dispute), by every e-mail and phone key the customer had when
-- stopped: a customer's id changes as enquiries join or leave them, their keys do not.
CREATE TABLE "reminder_stops" (
	"key" text PRIMARY KEY NOT NULL,
	"stopped_by" text NOT NULL,
	"stopped_at" timestamp with time zone NOT NULL
);

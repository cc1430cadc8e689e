-- What the e-way bill portal's Part B asks of a dispatch that the form did not ask before: the distance in km, the
-- mode of transport, the transporter's GSTIN or TRANSIN and the date of the transport document (the docket or LR).
-- Null on the dispatches recorded before.
ALTER TABLE "dispatches" ADD COLUMN "distance_km" integer;--> statement-breakpoint
ALTER TABLE "dispatches" ADD COLUMN "transport_mode" text;--> statement-breakpoint
ALTER TABLE "dispatches" ADD COLUMN "transporter_id" text;--> statement-breakpoint
ALTER TABLE "dispatches" ADD COLUMN "transport_doc_date" date;

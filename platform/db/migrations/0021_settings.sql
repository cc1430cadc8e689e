CREATE TABLE "settings_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"section" text NOT NULL,
	"value" jsonb NOT NULL,
	"saved_by_user_id" integer,
	"saved_by_username" text,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings_versions" ADD CONSTRAINT "settings_versions_saved_by_user_id_users_id_fk" FOREIGN KEY ("saved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "settings_versions_section_idx" ON "settings_versions" USING btree ("section","id");
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "issuer" jsonb;

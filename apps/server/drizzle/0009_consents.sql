CREATE TABLE "consents" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"text_version" text NOT NULL,
	"granted" boolean NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scan_id" text,
	"qr_id" text,
	"user_id" text
);
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_qr_id_qr_codes_id_fk" FOREIGN KEY ("qr_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_scan_idx" ON "consents" USING btree ("scan_id");--> statement-breakpoint
CREATE INDEX "consents_qr_idx" ON "consents" USING btree ("qr_id");
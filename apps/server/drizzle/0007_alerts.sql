CREATE TABLE "alert_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"qr_id" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"scan_count" integer NOT NULL,
	"urgent" boolean DEFAULT false NOT NULL,
	"data" jsonb NOT NULL,
	"send_after" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"qr_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"scan_id" text NOT NULL,
	"scan_count" integer DEFAULT 1 NOT NULL,
	"lost" boolean DEFAULT false NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	"expanded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_throttle" (
	"qr_id" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_throttle_qr_id_channel_recipient_pk" PRIMARY KEY("qr_id","channel","recipient")
);
--> statement-breakpoint
CREATE TABLE "app_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guardians" (
	"id" text PRIMARY KEY NOT NULL,
	"qr_id" text NOT NULL,
	"email" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardians_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "qr_alert_preferences" (
	"qr_id" text PRIMARY KEY NOT NULL,
	"push" boolean NOT NULL,
	"email" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "alert_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "alert_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quiet_start" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "quiet_end" text;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "lost_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "lost_message" text;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_qr_id_qr_codes_id_fk" FOREIGN KEY ("qr_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_alert_preferences" ADD CONSTRAINT "qr_alert_preferences_qr_id_qr_codes_id_fk" FOREIGN KEY ("qr_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_key_idx" ON "alert_deliveries" USING btree ("event_id","channel","recipient");--> statement-breakpoint
CREATE INDEX "alert_deliveries_due_idx" ON "alert_deliveries" USING btree ("send_after") WHERE "alert_deliveries"."sent_at" is null and "alert_deliveries"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "alert_deliveries_waiting_idx" ON "alert_deliveries" USING btree ("qr_id","channel","recipient") WHERE "alert_deliveries"."sent_at" is null and "alert_deliveries"."failed_at" is null and not "alert_deliveries"."urgent";--> statement-breakpoint
CREATE INDEX "alert_events_pending_idx" ON "alert_events" USING btree ("id") WHERE "alert_events"."expanded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "guardians_qr_email_idx" ON "guardians" USING btree ("qr_id",lower("email"));--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");
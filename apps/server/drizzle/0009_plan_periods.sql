ALTER TABLE "users" ADD COLUMN "paid_plan" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "paid_period" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_7_sent_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_1_sent_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_period" text;--> statement-breakpoint
CREATE INDEX "users_plan_expires_idx" ON "users" USING btree ("plan_expires_at") WHERE "users"."plan_expires_at" is not null;
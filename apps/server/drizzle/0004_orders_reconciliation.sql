ALTER TABLE "orders" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_pending_check_idx" ON "orders" USING btree ("next_check_at") WHERE "orders"."status" = 'PENDING';--> statement-breakpoint
-- Orders still pending from before are checked at the next tick.
UPDATE "orders" SET "next_check_at" = now() WHERE "status" = 'PENDING';

ALTER TABLE "orders" ADD COLUMN "dispute_amount" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "needs_staff_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "needs_staff_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_needs_staff_since_idx" ON "orders" USING btree ("needs_staff_since") WHERE "orders"."needs_staff_since" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dispute_amount_not_negative" CHECK ("orders"."dispute_amount" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_needs_staff_reason_with_since" CHECK (("orders"."needs_staff_reason" is null) = ("orders"."needs_staff_since" is null));
ALTER TABLE "referral_messages" ADD COLUMN "status" text DEFAULT 'delivered' NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_messages" ADD COLUMN "held_rule" text;--> statement-breakpoint
ALTER TABLE "referral_messages" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_messages" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "held_rule" text;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
CREATE INDEX "referral_messages_held_idx" ON "referral_messages" USING btree ("id") WHERE "referral_messages"."status" = 'held';--> statement-breakpoint
CREATE INDEX "referral_requests_held_idx" ON "referral_requests" USING btree ("created_at","id") WHERE "referral_requests"."status" = 'held';
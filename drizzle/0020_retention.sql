ALTER TABLE "referral_requests" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "erasure_noticed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "referral_requests_closed_idx" ON "referral_requests" USING btree ("closed_at") WHERE "referral_requests"."closed_at" is not null and "referral_requests"."erased_at" is null;--> statement-breakpoint
-- Backfill (docs/decisions/036-retention.md): a request already closed counts from its last move into its
-- status (the timeline's change), else from its last update. The sweep tells each seeker before erasing.
UPDATE "referral_requests" AS rr SET "closed_at" = coalesce(
  (SELECT max(c."at") FROM "referral_status_changes" c
     JOIN "referrals" r ON r."id" = c."referral_id"
    WHERE r."request_id" = rr."id" AND c."status" = rr."status"),
  rr."updated_at")
WHERE rr."status" IN ('declined', 'expired', 'withdrawn', 'job_closed', 'submitted', 'successful', 'unsuccessful');

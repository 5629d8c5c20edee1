CREATE TABLE "referral_status_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"referral_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_status_changes" ADD CONSTRAINT "referral_status_changes_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_status_changes_referral_idx" ON "referral_status_changes" USING btree ("referral_id","id");--> statement-breakpoint
-- Referrals answered before the timeline existed: the steps their columns prove (accepted at answered_at,
-- submitted at submitted_at), then the status they are in with the one note kept, at their last update.
INSERT INTO "referral_status_changes" ("referral_id", "status", "note", "at")
SELECT "id", 'accepted', NULL, "answered_at" FROM "referrals"
WHERE "answered_at" IS NOT NULL AND "status" IN ('submitted', 'successful', 'unsuccessful');
--> statement-breakpoint
INSERT INTO "referral_status_changes" ("referral_id", "status", "note", "at")
SELECT "id", 'submitted', NULL, "submitted_at" FROM "referrals"
WHERE "submitted_at" IS NOT NULL AND "status" IN ('successful', 'unsuccessful');
--> statement-breakpoint
INSERT INTO "referral_status_changes" ("referral_id", "status", "note", "at")
SELECT "id", "status", "feedback", "updated_at" FROM "referrals" WHERE "status" <> 'pending';

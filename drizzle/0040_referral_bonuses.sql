CREATE TABLE "referral_bonuses" (
	"referral_id" integer PRIMARY KEY NOT NULL,
	"referrer_id" integer NOT NULL,
	"hired_on" date NOT NULL,
	"payout_after_days" integer NOT NULL,
	"expected_payout_on" date NOT NULL,
	"amount" numeric(12, 2),
	"currency" text,
	"status" text NOT NULL,
	"early_reminded_at" timestamp with time zone,
	"due_reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_bonuses" ADD CONSTRAINT "referral_bonuses_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_bonuses" ADD CONSTRAINT "referral_bonuses_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_bonuses_referrer_idx" ON "referral_bonuses" USING btree ("referrer_id");--> statement-breakpoint
CREATE INDEX "referral_bonuses_waiting_due_idx" ON "referral_bonuses" USING btree ("expected_payout_on") WHERE "referral_bonuses"."status" = 'waiting';
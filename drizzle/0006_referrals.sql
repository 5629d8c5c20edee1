CREATE TABLE "referral_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_seeker_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"position" text NOT NULL,
	"job_url" text NOT NULL,
	"normalized_job_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"referrer_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"feedback" text,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referrers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"position" text,
	"department" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"start_date" date,
	"last_assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_requests" ADD CONSTRAINT "referral_requests_job_seeker_id_users_id_fk" FOREIGN KEY ("job_seeker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_requests" ADD CONSTRAINT "referral_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_request_id_referral_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."referral_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrers" ADD CONSTRAINT "referrers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrers" ADD CONSTRAINT "referrers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_requests_seeker_job_key" ON "referral_requests" USING btree ("job_seeker_id","normalized_job_url");--> statement-breakpoint
CREATE INDEX "referral_requests_seeker_newest_idx" ON "referral_requests" USING btree ("job_seeker_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referral_requests_company_pending_idx" ON "referral_requests" USING btree ("company_id","id") WHERE "referral_requests"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_request_key" ON "referrals" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_request_idx" ON "referrals" USING btree ("referrer_id","request_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "referrals_referrer_open_idx" ON "referrals" USING btree ("referrer_id") WHERE "referrals"."status" in ('pending', 'accepted');--> statement-breakpoint
CREATE INDEX "referrers_company_idx" ON "referrers" USING btree ("company_id");
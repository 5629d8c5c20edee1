CREATE TABLE "referrer_openings" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"job_url" text NOT NULL,
	"normalized_job_url" text NOT NULL,
	"title" text NOT NULL,
	"location" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"job_next_check_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referrer_openings" ADD CONSTRAINT "referrer_openings_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrer_openings" ADD CONSTRAINT "referrer_openings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referrer_openings_open_url_key" ON "referrer_openings" USING btree ("referrer_id","normalized_job_url") WHERE "referrer_openings"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "referrer_openings_open_newest_idx" ON "referrer_openings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "referrer_openings"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "referrer_openings_open_due_idx" ON "referrer_openings" USING btree ("job_next_check_at") WHERE "referrer_openings"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "referrer_openings_company_idx" ON "referrer_openings" USING btree ("company_id");
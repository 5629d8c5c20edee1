-- The names of companies an admin merged away (POST /api/admin/companies/{id}/merge), each pointing at the
-- company it was merged into, so that a name typed later finds that company instead of making the duplicate
-- again. Deleting the company deletes its names.
CREATE TABLE "company_aliases" (
	"normalized_name" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_aliases" ADD CONSTRAINT "company_aliases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_aliases_company_idx" ON "company_aliases" USING btree ("company_id");
CREATE TABLE "invitation_joins" (
	"joiner_id" integer PRIMARY KEY NOT NULL,
	"inviter_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"referred_at" timestamp with time zone,
	"company_id" integer
);
--> statement-breakpoint
CREATE TABLE "referrer_invites" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrer_invites_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "invitation_joins" ADD CONSTRAINT "invitation_joins_joiner_id_users_id_fk" FOREIGN KEY ("joiner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_joins" ADD CONSTRAINT "invitation_joins_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_joins" ADD CONSTRAINT "invitation_joins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrer_invites" ADD CONSTRAINT "referrer_invites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_joins_inviter_idx" ON "invitation_joins" USING btree ("inviter_id");
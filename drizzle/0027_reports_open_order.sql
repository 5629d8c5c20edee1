DROP INDEX "reports_open_idx";--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at","id") WHERE "reports"."status" = 'open';
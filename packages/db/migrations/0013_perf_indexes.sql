DROP INDEX "subscriptions_price_id_purchase_date_idx";--> statement-breakpoint
CREATE INDEX "plans_listed_name_idx" ON "plans" USING btree (lower("name"),"id") WHERE "plans"."enabled" and not "plans"."hidden";--> statement-breakpoint
CREATE INDEX "plans_listed_id_idx" ON "plans" USING btree ("id") WHERE "plans"."enabled" and not "plans"."hidden";--> statement-breakpoint
CREATE INDEX "subscriptions_price_id_purchase_date_id_idx" ON "subscriptions" USING btree ("price_id","purchase_date","id");--> statement-breakpoint
CREATE INDEX "subscriptions_plan_id_purchase_date_id_idx" ON "subscriptions" USING btree ("plan_id","purchase_date","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_postings_created_at_idx" ON "ledger_entries" USING btree ("created_at","id") WHERE "ledger_entries"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_type_created_at_idx" ON "ledger_entries" USING btree ("type","created_at","id");
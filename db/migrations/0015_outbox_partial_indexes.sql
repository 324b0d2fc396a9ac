DROP INDEX "outbox_due_idx";--> statement-breakpoint
DROP INDEX "outbox_user_idx";--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("next_attempt_at","id") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_failed_idx" ON "outbox" USING btree ("user_id") WHERE "outbox"."status" = 'failed';
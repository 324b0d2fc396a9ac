-- The cron's retention sweep deletes outbox rows done with (sent, skipped, failed) once they are
-- OUTBOX_RETENTION_DAYS old, oldest first, reading only this index.
CREATE INDEX "outbox_finished_age_idx" ON "outbox" USING btree ("created_at") WHERE "outbox"."status" <> 'pending';--> statement-breakpoint
-- The outbox is a queue: every row is inserted, updated once or twice, and later deleted. With the
-- default scale factor (20% of the table dead first) the claim walks more and more dead entries of
-- outbox_pending_idx as the table grows; vacuum it after a fixed number of dead rows instead.
ALTER TABLE "outbox" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);

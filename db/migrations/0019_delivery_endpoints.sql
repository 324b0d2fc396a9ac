-- The circuit breaker of outbound delivery (worker/notify/breaker.ts): one row per webhook URL or
-- push endpoint whose last attempts failed; deliveries there wait while open_until is ahead.
CREATE TABLE "delivery_endpoints" (
	"endpoint" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"failing_since" timestamp with time zone NOT NULL,
	"open_until" timestamp with time zone,
	"last_error" text NOT NULL
);
--> statement-breakpoint
-- The test-send limits count a player's test messages of the last minute (worker/notify/test-limits.ts).
CREATE INDEX "outbox_test_idx" ON "outbox" USING btree ("user_id","created_at") WHERE "outbox"."kind" = 'test';--> statement-breakpoint
-- The mail-loop caps count the answers to emailed moves of one game (worker/mail-in/answer-caps.ts).
CREATE INDEX "outbox_mail_answer_idx" ON "outbox" USING btree ("game_id","created_at") WHERE "outbox"."kind" = 'mail_answer';
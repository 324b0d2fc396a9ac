CREATE TABLE "game_webhooks" (
	"game_id" text NOT NULL,
	"user_id" text NOT NULL,
	"config" jsonb NOT NULL,
	CONSTRAINT "game_webhooks_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"digest" boolean DEFAULT false NOT NULL,
	"kinds" jsonb NOT NULL,
	"webhook" jsonb,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"last_digest_at" timestamp with time zone,
	CONSTRAINT "notification_settings_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "time_control" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "on_timeout" text DEFAULT 'bot' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "reminder_stage" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "kind" text DEFAULT 'signin' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "game_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_webhooks" ADD CONSTRAINT "game_webhooks_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_webhooks" ADD CONSTRAINT "game_webhooks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "games_deadline_idx" ON "games" USING btree ("status","deadline_at");--> statement-breakpoint
CREATE INDEX "outbox_user_idx" ON "outbox" USING btree ("user_id","status");
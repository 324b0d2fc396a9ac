-- Rated means played, records anyone can fold, names that are yours, deletion that takes every trace.
-- seat_results.played: every human seat took part; seat_results.rating: a rated seat's rating before
-- and after, as its record publishes it. users.name_key: what a name is unique by (filled in for
-- existing accounts by `npm run db:migrate`, db/name-key.ts, which also marks the names two accounts
-- already shared: users.name_mark). user_names: every name an account has had, so its deletion can
-- take each out of what others keep.
CREATE TABLE "user_names" (
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_names_user_id_name_pk" PRIMARY KEY("user_id","name")
);
--> statement-breakpoint
ALTER TABLE "seat_results" ADD COLUMN "played" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "seat_results" ADD COLUMN "rating" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_mark" text;--> statement-breakpoint
ALTER TABLE "user_names" ADD CONSTRAINT "user_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_name_key_idx" ON "users" USING btree ("name_key");--> statement-breakpoint
-- Games that ended before keep their outcomes; `npm run ratings:rebuild` judges them by the new rule.
INSERT INTO "user_names" ("user_id", "name", "since") SELECT "id", "name", "created_at" FROM "users" ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The ending statement takes whether the game was played (db/functions/mp_record_ending.sql).
DROP FUNCTION IF EXISTS mp_record_ending(int, text, text, timestamptz, boolean, boolean, jsonb, jsonb, jsonb);

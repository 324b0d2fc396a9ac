CREATE TABLE "friendships" (
	"requester_id" text NOT NULL,
	"addressee_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "friendships_requester_id_addressee_id_pk" PRIMARY KEY("requester_id","addressee_id"),
	CONSTRAINT "friendships_not_self" CHECK ("friendships"."requester_id" <> "friendships"."addressee_id")
);
--> statement-breakpoint
CREATE TABLE "game_endings" (
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "game_endings_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_endings_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "player_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "player_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"author_id" text NOT NULL,
	"game_id" text,
	"player_id" text,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_notes_one_subject" CHECK (("player_notes"."game_id" is null) <> ("player_notes"."player_id" is null)),
	CONSTRAINT "player_notes_text_len" CHECK (char_length("player_notes"."text") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"mu" double precision NOT NULL,
	"sigma" double precision NOT NULL,
	"ordinal" double precision NOT NULL,
	"games" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ratings_user_id_type_pk" PRIMARY KEY("user_id","type")
);
--> statement-breakpoint
CREATE TABLE "seat_results" (
	"game_id" text NOT NULL,
	"seat" integer NOT NULL,
	"user_id" text,
	"type" text NOT NULL,
	"end_seq" bigint NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"timed" boolean NOT NULL,
	"rated" boolean NOT NULL,
	"place" integer NOT NULL,
	"won" boolean NOT NULL,
	"resigned" boolean NOT NULL,
	"timed_out" boolean NOT NULL,
	CONSTRAINT "seat_results_game_id_seat_pk" PRIMARY KEY("game_id","seat")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "rated" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "requirements" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_addressee_id_users_id_fk" FOREIGN KEY ("addressee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_endings" ADD CONSTRAINT "game_endings_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_player_id_users_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_results" ADD CONSTRAINT "seat_results_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_results" ADD CONSTRAINT "seat_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "friendships_pair" ON "friendships" USING btree (least("requester_id", "addressee_id"),greatest("requester_id", "addressee_id"));--> statement-breakpoint
CREATE INDEX "friendships_addressee_idx" ON "friendships" USING btree ("addressee_id");--> statement-breakpoint
CREATE INDEX "game_endings_type_idx" ON "game_endings" USING btree ("type","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "player_notes_game" ON "player_notes" USING btree ("author_id","game_id") WHERE "player_notes"."game_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "player_notes_player" ON "player_notes" USING btree ("author_id","player_id") WHERE "player_notes"."player_id" is not null;--> statement-breakpoint
CREATE INDEX "ratings_board_idx" ON "ratings" USING btree ("type","ordinal");--> statement-breakpoint
CREATE INDEX "seat_results_user_idx" ON "seat_results" USING btree ("user_id","end_seq");
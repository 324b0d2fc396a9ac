CREATE TABLE "chat_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"game_id" text NOT NULL,
	"user_id" text NOT NULL,
	"seat" integer,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_text_len" CHECK (char_length("chat_messages"."text") between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "on_resign" text DEFAULT 'bot' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "is_public" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "rematch_of" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "rematch_id" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_game_idx" ON "chat_messages" USING btree ("game_id","id");--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_rematch_id_unique" UNIQUE("rematch_id");
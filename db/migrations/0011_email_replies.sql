ALTER TABLE "notification_settings" ADD COLUMN "email_replies" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "email_replies" boolean DEFAULT true NOT NULL;
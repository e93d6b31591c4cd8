CREATE TABLE "business_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text,
	"phone" text,
	"whatsapp" text,
	"address" text,
	"hours" text,
	"complaints_contact" text,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "business_settings_one_row" CHECK ("business_settings"."id" = 1),
	CONSTRAINT "business_settings_phone" CHECK ("business_settings"."phone" ~ '^[0-9]{10}$'),
	CONSTRAINT "business_settings_whatsapp" CHECK ("business_settings"."whatsapp" ~ '^[0-9]{10}$'),
	CONSTRAINT "business_settings_lengths" CHECK (char_length("business_settings"."name") <= 80 and char_length("business_settings"."address") <= 200 and char_length("business_settings"."hours") <= 120 and char_length("business_settings"."complaints_contact") <= 200)
);
--> statement-breakpoint
-- The one row every read and 'Guardar' uses: nothing set until an administrator saves.
INSERT INTO "business_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;

-- The counters are short-lived (15 minutes to an hour); the old per-number rows do not fit the new key.
DELETE FROM "pin_lockouts";--> statement-breakpoint
ALTER TABLE "pin_lockouts" DROP CONSTRAINT "pin_lockouts_pkey";--> statement-breakpoint
ALTER TABLE "pin_lockouts" ADD COLUMN "scope" text NOT NULL;--> statement-breakpoint
ALTER TABLE "pin_lockouts" ADD COLUMN "window_started_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "pin_lockouts" ADD CONSTRAINT "pin_lockouts_user_num_scope_pk" PRIMARY KEY("user_num","scope");

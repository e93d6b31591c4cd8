CREATE TABLE "identity_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"require_complete_expediente" boolean DEFAULT false NOT NULL,
	"proof_of_address_max_months" integer DEFAULT 3 NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "identity_settings_one_row" CHECK ("identity_settings"."id" = 1),
	CONSTRAINT "identity_settings_months" CHECK ("identity_settings"."proof_of_address_max_months" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "customer_documents" ADD COLUMN "document_date" date;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "rfc" text;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_date_only_proof" CHECK ("customer_documents"."document_date" is null or "customer_documents"."type" = 'PROOF_OF_ADDRESS');--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_rfc_13_upper" CHECK (char_length("customers"."rfc") = 13 and "customers"."rfc" = upper("customers"."rfc"));--> statement-breakpoint
-- The one policy row, so that reading it never needs a default in code (the code keeps one for a
-- restore of an older backup).
INSERT INTO "identity_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;

CREATE TABLE "contract_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"require_signed_contract" boolean DEFAULT false NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "contract_settings_one_row" CHECK ("contract_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "contract_templates" (
	"kind" text PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "contract_templates_kind_valid" CHECK ("contract_templates"."kind" in ('CONTRACT', 'PROMISSORY_NOTE')),
	CONSTRAINT "contract_templates_body_length" CHECK (char_length("contract_templates"."body") between 1 and 20000)
);
--> statement-breakpoint
ALTER TABLE "customer_documents" DROP CONSTRAINT "customer_documents_type_valid";--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "business_settings" ADD COLUMN "reca_number" text;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD COLUMN "loan_id" uuid;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_documents_loan_idx" ON "customer_documents" USING btree ("loan_id") WHERE "customer_documents"."loan_id" is not null;--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_contract_lengths" CHECK (char_length("business_settings"."legal_name") <= 120 and char_length("business_settings"."reca_number") <= 60);--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_type_valid" CHECK ("customer_documents"."type" in ('INE_FRONT', 'INE_BACK', 'PROOF_OF_ADDRESS', 'OTHER', 'SIGNED_CONTRACT'));--> statement-breakpoint
-- The one row of the contract policy, at its documented default (a signed contract is not required).
INSERT INTO "contract_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;

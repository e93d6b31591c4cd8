CREATE TABLE "customer_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"filename" text,
	"file_id" uuid NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"uploaded_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_documents_file_id_unique" UNIQUE("file_id"),
	CONSTRAINT "customer_documents_type_valid" CHECK ("customer_documents"."type" in ('INE_FRONT', 'INE_BACK', 'PROOF_OF_ADDRESS', 'OTHER')),
	CONSTRAINT "customer_documents_description_length" CHECK (char_length("customer_documents"."description") <= 200),
	CONSTRAINT "customer_documents_filename_length" CHECK (char_length("customer_documents"."filename") <= 255)
);
--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_documents_customer_idx" ON "customer_documents" USING btree ("customer_id","uploaded_on");--> statement-breakpoint
CREATE INDEX "audit_log_document_customer_idx" ON "audit_log" USING btree ((coalesce("after" ->> 'customerId', "before" ->> 'customerId'))) WHERE "audit_log"."entity" = 'customer_document';
-- Issue 37 (decision 066): an exempt company's uploaded certificate file. `certificate_upload`
-- (reserved by 0031) holds the stored file's name under the uploads folder's tax-certificates/;
-- the file is served only to the company's members and staff.
ALTER TABLE "company_tax_statuses" ADD COLUMN "certificate_content_type" text;
--> statement-breakpoint
ALTER TABLE "company_tax_statuses" ADD COLUMN "certificate_uploaded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "company_tax_statuses" ADD CONSTRAINT "company_tax_statuses_certificate_file" CHECK (
	("certificate_upload" is null and "certificate_content_type" is null and "certificate_uploaded_at" is null)
	or ("kind" = 'exempt' and "certificate_upload" ~ '^[0-9a-f-]{36}\.(pdf|jpg|png|webp)$'
		and "certificate_content_type" in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')
		and "certificate_uploaded_at" is not null)
);

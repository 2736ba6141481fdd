-- Issue 38 (decision 065): a settled return gives back the tax of its accepted pieces, per line.
ALTER TABLE "returns" ADD COLUMN "tax_cents" bigint;
--> statement-breakpoint
ALTER TABLE "return_lines" ADD COLUMN "tax_cents" bigint;
--> statement-breakpoint
ALTER TABLE "returns" DROP CONSTRAINT "returns_amount_within_gross";
--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_amount_within_gross" CHECK ("amount_cents" is null or ("amount_cents" >= 0 and "amount_cents" <= "gross_cents" - "fee_cents" + coalesce("tax_cents", 0)));
--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_tax_within_amount" CHECK ("tax_cents" is null or ("tax_cents" >= 0 and "tax_cents" <= "amount_cents"));
--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_tax_not_negative" CHECK ("tax_cents" is null or "tax_cents" >= 0);

CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_part_name_trgm_idx" ON "orders" USING gin ("part_name" gin_trgm_ops);
-- Issue 35: the webhook worker claims each endpoint's next due deliveries from this range, so a
-- claim costs the same whatever backlog an endpoint that never answers has piled up.
CREATE INDEX "webhook_deliveries_endpoint_due_idx" ON "webhook_deliveries" ("endpoint_id", "next_attempt_at") WHERE "status" = 'pending';

DROP INDEX "accounts_agent_idx";--> statement-breakpoint
CREATE INDEX "accounts_agent_idx" ON "accounts" USING btree ("agent_id");
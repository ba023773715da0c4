CREATE TABLE "job_rounds" (
	"job" text NOT NULL,
	"round_start" timestamp with time zone NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"work" jsonb,
	"duration_ms" integer,
	CONSTRAINT "job_rounds_job_round_start_pk" PRIMARY KEY("job","round_start")
);
--> statement-breakpoint
CREATE INDEX "job_rounds_started_at_idx" ON "job_rounds" USING btree ("started_at");--> statement-breakpoint
-- Change notices (decision 042): every committed write to a table the API's read caches draw on tells each
-- app process to empty its caches, whoever wrote it (another process, a job, a SQL console). PostgreSQL
-- delivers a notice only at commit, and one per transaction however many statements sent it.
CREATE FUNCTION "notify_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "account_events_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "account_events" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "account_schedule_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "account_schedule" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "account_snapshots_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "account_snapshots" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "accounts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "agents_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "agents" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "business_settings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_settings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "collection_cases_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "collection_cases" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "collection_contacts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "collection_contacts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "customers_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "customers" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "device_events_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "device_events" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "device_tokens_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "device_tokens" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "devices_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "devices" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "files_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "files" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "financial_settings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "financial_settings" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "inventory_batches_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "inventory_batches" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "inventory_categories_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "inventory_categories" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "inventory_items_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "inventory_items" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "inventory_movements_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "inventory_movements" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "loan_book_rolls_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "loan_book_rolls" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "permissions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "permissions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "portfolio_base_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "portfolio_base" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "portfolio_cells_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "portfolio_cells" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "portfolio_history_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "portfolio_history" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_categories_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_categories" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_inventories_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_inventories" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "products_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "role_permissions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_permissions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "roles_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "sale_allocations_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sale_allocations" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "sale_contracts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sale_contracts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "sale_drafts_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sale_drafts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "sale_items_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sale_items" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "sale_payments_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sale_payments" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "sale_uploads_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sale_uploads" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "sales_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sales" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "tickets_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tickets" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "ticket_events_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ticket_events" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
CREATE TRIGGER "warehouses_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "warehouses" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();
--> statement-breakpoint
-- A token's last use is written while reading (once a minute): only a revocation or expiry concerns caches.
CREATE TRIGGER "auth_tokens_changed" AFTER UPDATE OF "revoked_at", "expires_at" OR DELETE ON "auth_tokens" FOR EACH STATEMENT EXECUTE FUNCTION "notify_data_changed"();

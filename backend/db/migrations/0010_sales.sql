CREATE TABLE "financial_settings" (
	"id" text PRIMARY KEY DEFAULT 'current' NOT NULL,
	"outright_margin_bps" integer NOT NULL,
	"loan_margin_bps" integer NOT NULL,
	"monthly_interest_bps" integer NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_allocations" (
	"id" text PRIMARY KEY NOT NULL,
	"sale_item_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"inventory_item_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_kobo" bigint NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "sale_allocations_quantity_check" CHECK ("sale_allocations"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "sale_contracts" (
	"sale_id" text PRIMARY KEY NOT NULL,
	"bvn" text NOT NULL,
	"identification" jsonb NOT NULL,
	"next_of_kin" jsonb NOT NULL,
	"guarantor" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_items" (
	"id" text PRIMARY KEY NOT NULL,
	"sale_id" text NOT NULL,
	"product_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"payment_mode" text NOT NULL,
	"discount_bps" integer NOT NULL,
	"installment_duration" integer NOT NULL,
	"installment_starting_bps" integer NOT NULL,
	"miscellaneous" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"base_kobo" bigint NOT NULL,
	"discount_kobo" bigint NOT NULL,
	"miscellaneous_kobo" bigint NOT NULL,
	"interest_kobo" bigint NOT NULL,
	"margin_kobo" bigint NOT NULL,
	"total_kobo" bigint NOT NULL,
	"initial_payment_kobo" bigint NOT NULL,
	"monthly_payment_kobo" bigint NOT NULL,
	CONSTRAINT "sale_items_payment_mode_check" CHECK ("sale_items"."payment_mode" in ('ONE_OFF', 'INSTALLMENT')),
	CONSTRAINT "sale_items_quantity_check" CHECK ("sale_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "sale_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"sale_id" text NOT NULL,
	"method" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text NOT NULL,
	"reference" text NOT NULL,
	"provider" text,
	"provider_transaction_id" text,
	"notes" text,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_payments_method_check" CHECK ("sale_payments"."method" in ('ONLINE', 'CASH')),
	CONSTRAINT "sale_payments_status_check" CHECK ("sale_payments"."status" in ('COMPLETED', 'INCOMPLETE', 'PENDING', 'MISMATCHED', 'FAILED')),
	CONSTRAINT "sale_payments_amount_check" CHECK ("sale_payments"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"agent_id" text,
	"status" text DEFAULT 'UNPAID' NOT NULL,
	"payment_method" text NOT NULL,
	"apply_margin" boolean NOT NULL,
	"outright_margin_bps" integer NOT NULL,
	"loan_margin_bps" integer NOT NULL,
	"monthly_interest_bps" integer NOT NULL,
	"has_contract" boolean NOT NULL,
	"total_kobo" bigint NOT NULL,
	"due_now_kobo" bigint NOT NULL,
	"total_monthly_kobo" bigint NOT NULL,
	"installment_months" integer NOT NULL,
	"paid_kobo" bigint DEFAULT 0 NOT NULL,
	"creator_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	CONSTRAINT "sales_status_check" CHECK ("sales"."status" in ('UNPAID', 'IN_INSTALLMENT', 'COMPLETED', 'CANCELLED')),
	CONSTRAINT "sales_payment_method_check" CHECK ("sales"."payment_method" in ('ONLINE', 'CASH')),
	CONSTRAINT "sales_paid_check" CHECK ("sales"."paid_kobo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "financial_settings" ADD CONSTRAINT "financial_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_allocations" ADD CONSTRAINT "sale_allocations_sale_item_id_sale_items_id_fk" FOREIGN KEY ("sale_item_id") REFERENCES "public"."sale_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_allocations" ADD CONSTRAINT "sale_allocations_batch_id_inventory_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."inventory_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_allocations" ADD CONSTRAINT "sale_allocations_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_contracts" ADD CONSTRAINT "sale_contracts_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_drafts" ADD CONSTRAINT "sale_drafts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_allocations_item_idx" ON "sale_allocations" USING btree ("sale_item_id");--> statement-breakpoint
CREATE INDEX "sale_drafts_owner_idx" ON "sale_drafts" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "sale_items_sale_idx" ON "sale_items" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "sale_items_product_idx" ON "sale_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_payments_reference_unique" ON "sale_payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "sale_payments_sale_idx" ON "sale_payments" USING btree ("sale_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_created_at_idx" ON "sales" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sales_status_created_at_idx" ON "sales" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "sales_customer_idx" ON "sales" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_agent_idx" ON "sales" USING btree ("agent_id","status");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_sale_item_id_sale_items_id_fk" FOREIGN KEY ("sale_item_id") REFERENCES "public"."sale_items"("id") ON DELETE no action ON UPDATE no action;
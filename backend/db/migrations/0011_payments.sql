CREATE TABLE "sale_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"file_name" text NOT NULL,
	"rows" jsonb NOT NULL,
	"errors" jsonb NOT NULL,
	"committed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"token" text NOT NULL,
	"count" integer NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"days" integer,
	"payment_id" text,
	"sale_id" text,
	"issued_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_tokens_kind_check" CHECK ("device_tokens"."kind" in ('ADD_TIME', 'DISABLE_PAYG'))
);
--> statement-breakpoint
CREATE TABLE "payment_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"sale_id" text NOT NULL,
	"provider" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"provider_transaction_id" text,
	"reported_amount_kobo" bigint,
	"reported_currency" text,
	"payment_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_checkouts_status_check" CHECK ("payment_checkouts"."status" in ('PENDING', 'PAID', 'MISMATCHED', 'FAILED', 'CANCELLED')),
	CONSTRAINT "payment_checkouts_provider_check" CHECK ("payment_checkouts"."provider" in ('sandbox', 'flutterwave')),
	CONSTRAINT "payment_checkouts_amount_check" CHECK ("payment_checkouts"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sale_payments" DROP CONSTRAINT "sale_payments_status_check";--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "upload_id" text;--> statement-breakpoint
ALTER TABLE "sale_uploads" ADD CONSTRAINT "sale_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_payment_id_sale_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sale_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_payment_id_sale_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sale_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_uploads_owner_idx" ON "sale_uploads" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "device_tokens_device_idx" ON "device_tokens" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "device_tokens_sale_idx" ON "device_tokens" USING btree ("sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_checkouts_reference_unique" ON "payment_checkouts" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payment_checkouts_sale_idx" ON "payment_checkouts" USING btree ("sale_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_transactions_reference_idx" ON "sandbox_transactions" USING btree ("reference","created_at");--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_upload_id_sale_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."sale_uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_status_check" CHECK ("sale_payments"."status" in ('COMPLETED', 'INCOMPLETE', 'PENDING', 'MISMATCHED', 'FAILED', 'REFUND_DUE'));
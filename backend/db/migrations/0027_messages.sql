CREATE TABLE "message_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text,
	"status" text,
	"outcome" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_settings" (
	"id" text PRIMARY KEY DEFAULT 'current' NOT NULL,
	"reminders_on" boolean DEFAULT true NOT NULL,
	"days_before" integer[] NOT NULL,
	"on_the_day" boolean DEFAULT true NOT NULL,
	"days_after" integer[] NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_templates" (
	"kind" text PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_kind_check" CHECK ("message_templates"."kind" in ('PAYMENT_RECEIVED', 'WELCOME', 'COMPLETED', 'CASH_RECEIPT', 'DELAY_GIVEN', 'RESTRUCTURED', 'TOKEN', 'REMINDER_BEFORE', 'REMINDER_DUE', 'REMINDER_AFTER', 'MANUAL'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"sale_id" text,
	"payment_id" text,
	"token_ids" text[],
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"provider" text,
	"provider_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"once_key" text,
	"due_date" date,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_kind_check" CHECK ("messages"."kind" in ('PAYMENT_RECEIVED', 'WELCOME', 'COMPLETED', 'CASH_RECEIPT', 'DELAY_GIVEN', 'RESTRUCTURED', 'TOKEN', 'REMINDER_BEFORE', 'REMINDER_DUE', 'REMINDER_AFTER', 'MANUAL')),
	CONSTRAINT "messages_channel_check" CHECK ("messages"."channel" in ('SMS', 'EMAIL')),
	CONSTRAINT "messages_status_check" CHECK ("messages"."status" in ('QUEUED', 'SENT', 'DELIVERED', 'FAILED', 'REJECTED', 'CANCELLED'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "messages_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "message_settings" ADD CONSTRAINT "message_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_payment_id_sale_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."sale_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_reports_received_idx" ON "message_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_queue_idx" ON "messages" USING btree ("send_after") WHERE "messages"."status" = 'QUEUED';--> statement-breakpoint
CREATE INDEX "messages_customer_idx" ON "messages" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_sale_idx" ON "messages" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "messages_status_created_idx" ON "messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_id_idx" ON "messages" USING btree ("provider","provider_id") WHERE "messages"."provider_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_once_key_idx" ON "messages" USING btree ("once_key") WHERE "messages"."once_key" is not null;
--> statement-breakpoint
INSERT INTO "message_settings" ("id", "days_before", "on_the_day", "days_after") VALUES ('current', '{3,1}', true, '{3,7}') ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Customer messages have permissions of their own. New databases get them from the role catalogue; on
-- databases seeded before, the seeded roles that answer customers get them here, once.
INSERT INTO "permissions" ("id", "action", "subject")
SELECT gen_random_uuid()::text, "action", "subject"
FROM (VALUES ('read', 'Messages'), ('write', 'Messages'), ('delete', 'Messages'), ('manage', 'Messages'),
  ('read', 'Settings'), ('write', 'Settings'), ('delete', 'Settings'), ('manage', 'Settings')) AS wanted("action", "subject")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT "roles"."id", "permissions"."id"
FROM "roles"
JOIN (VALUES ('support', 'read'), ('support', 'write'), ('collector', 'read'), ('collector', 'write'), ('manager', 'read'))
  AS granted("role", "action") ON lower("roles"."name") = granted."role"
JOIN "permissions" ON "permissions"."action" = granted."action" AND "permissions"."subject" = 'Messages'
WHERE "roles"."deleted_at" IS NULL
ON CONFLICT DO NOTHING;

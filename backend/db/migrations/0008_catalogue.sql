CREATE TABLE "agents" (
	"id" text PRIMARY KEY NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"address_type" text DEFAULT 'HOME' NOT NULL,
	"location" text NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"email_verified" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"creator_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "agents_status_check" CHECK ("agents"."status" in ('active', 'barred')),
	CONSTRAINT "agents_address_type_check" CHECK ("agents"."address_type" in ('HOME', 'WORK'))
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" text PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"key" text NOT NULL,
	"starting_code" text,
	"count" integer,
	"time_divider" integer,
	"restricted_digit_mode" boolean DEFAULT false NOT NULL,
	"hardware_model" text,
	"firmware_version" text,
	"is_tokenable" boolean DEFAULT true NOT NULL,
	"inventory_id" text,
	"sale_item_id" text,
	"creator_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_events" (
	"id" text PRIMARY KEY NOT NULL,
	"ticket_id" text NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"from_status" text,
	"to_status" text,
	"from_assignee_id" text,
	"to_assignee_id" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ticket_events_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "ticket_events_kind_check" CHECK ("ticket_events"."kind" in ('created', 'status', 'assignee', 'comment'))
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"priority" text NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"customer_id" text,
	"assignee_id" text,
	"creator_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_type_check" CHECK ("tickets"."type" in ('question', 'problem', 'feature', 'other')),
	CONSTRAINT "tickets_priority_check" CHECK ("tickets"."priority" in ('low', 'medium', 'high')),
	CONSTRAINT "tickets_status_check" CHECK ("tickets"."status" in ('open', 'active', 'resolved', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "agent_id" text;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_inventory_id_inventory_items_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_from_assignee_id_users_id_fk" FOREIGN KEY ("from_assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_events" ADD CONSTRAINT "ticket_events_to_assignee_id_users_id_fk" FOREIGN KEY ("to_assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agents_email_live_unique" ON "agents" USING btree (lower("email")) WHERE "agents"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "agents_created_at_idx" ON "agents" USING btree ("created_at","id") WHERE "agents"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_serial_number_unique" ON "devices" USING btree (lower("serial_number"));--> statement-breakpoint
CREATE INDEX "devices_created_at_idx" ON "devices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "devices_inventory_id_idx" ON "devices" USING btree ("inventory_id");--> statement-breakpoint
CREATE INDEX "devices_sale_item_id_idx" ON "devices" USING btree ("sale_item_id");--> statement-breakpoint
CREATE INDEX "devices_search_trgm_idx" ON "devices" USING gin (("serial_number" || ' | ' || coalesce("starting_code", '') || ' | ' || coalesce("hardware_model", '') || ' | ' || coalesce("firmware_version", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ticket_events_ticket_idx" ON "ticket_events" USING btree ("ticket_id","sequence");--> statement-breakpoint
CREATE INDEX "tickets_created_at_idx" ON "tickets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_status_created_at_idx" ON "tickets" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_customer_id_idx" ON "tickets" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "tickets_assignee_id_idx" ON "tickets" USING btree ("assignee_id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_agent_id_idx" ON "customers" USING btree ("agent_id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
-- As for customers (docs/decisions/007): a finer histogram of the search expression, so the planner can
-- tell a common term (walk the newest-first index) from a rare one (use the trigram index).
ALTER INDEX "devices_search_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;

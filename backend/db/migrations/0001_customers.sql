CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "customers" (
	"id" text PRIMARY KEY NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address_type" text DEFAULT 'HOME' NOT NULL,
	"location" text NOT NULL,
	"longitude" double precision,
	"latitude" double precision,
	"status" text DEFAULT 'active' NOT NULL,
	"type" text DEFAULT 'lead' NOT NULL,
	"creator_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "customers_status_check" CHECK ("customers"."status" in ('active', 'inactive', 'barred')),
	CONSTRAINT "customers_type_check" CHECK ("customers"."type" in ('lead', 'purchase')),
	CONSTRAINT "customers_address_type_check" CHECK ("customers"."address_type" in ('HOME', 'WORK'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_live_unique" ON "customers" USING btree (lower("email")) WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_phone_live_unique" ON "customers" USING btree ("phone") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_status_created_at_idx" ON "customers" USING btree ("status","created_at","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_created_at_idx" ON "customers" USING btree ("created_at","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin (("firstname" || ' ' || "lastname" || ' | ' || "email" || ' | ' || "phone") gin_trgm_ops) WHERE "customers"."deleted_at" is null;
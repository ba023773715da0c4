CREATE TABLE "collection_cases" (
	"sale_id" text PRIMARY KEY NOT NULL,
	"assigned_to" text,
	"follow_up_on" date,
	"last_contact_at" timestamp with time zone,
	"promise_kobo" bigint,
	"promise_on" date,
	"promise_made_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"sale_id" text NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"note" text,
	"promise_kobo" bigint,
	"promise_on" date,
	"staff_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_contacts_channel_check" CHECK ("collection_contacts"."channel" in ('CALL', 'VISIT', 'SMS')),
	CONSTRAINT "collection_contacts_outcome_check" CHECK ("collection_contacts"."outcome" in ('REACHED', 'NO_ANSWER', 'WRONG_NUMBER', 'PROMISED', 'REFUSED', 'PAID', 'DEVICE_FAULT', 'MOVED_AWAY')),
	CONSTRAINT "collection_contacts_promise_check" CHECK (("collection_contacts"."outcome" = 'PROMISED') = ("collection_contacts"."promise_kobo" is not null and "collection_contacts"."promise_on" is not null)
        and ("collection_contacts"."promise_kobo" is null or "collection_contacts"."promise_kobo" > 0))
);
--> statement-breakpoint
ALTER TABLE "collection_cases" ADD CONSTRAINT "collection_cases_sale_id_accounts_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."accounts"("sale_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_cases" ADD CONSTRAINT "collection_cases_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_sale_id_accounts_sale_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."accounts"("sale_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_contacts" ADD CONSTRAINT "collection_contacts_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_cases_assigned_idx" ON "collection_cases" USING btree ("assigned_to");--> statement-breakpoint
CREATE INDEX "collection_cases_follow_up_idx" ON "collection_cases" USING btree ("follow_up_on") WHERE "collection_cases"."follow_up_on" is not null;--> statement-breakpoint
CREATE INDEX "collection_cases_promise_idx" ON "collection_cases" USING btree ("promise_on") WHERE "collection_cases"."promise_kobo" is not null;--> statement-breakpoint
CREATE INDEX "collection_contacts_sale_idx" ON "collection_contacts" USING btree ("sale_id","created_at");--> statement-breakpoint
-- A promise's state, the one definition of it (issue 27): KEPT once payments received from the moment it
-- was made up to its date add up to the promised amount (several smaller payments keep it as one would),
-- BROKEN when its date has passed without that, OPEN until then. Null without a promise.
CREATE FUNCTION collection_promise_state(p_sale_id text, p_kobo bigint, p_made_at timestamptz, p_on date, p_today date)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p_kobo IS NULL OR p_on IS NULL THEN NULL
    WHEN coalesce((
      SELECT sum(p.amount_kobo) FROM sale_payments p
      WHERE p.sale_id = p_sale_id
        AND p.status IN ('COMPLETED', 'INCOMPLETE')
        AND p.created_at >= p_made_at
        AND lagos_day(p.created_at) <= p_on
    ), 0) >= p_kobo THEN 'KEPT'
    WHEN p_on < p_today THEN 'BROKEN'
    ELSE 'OPEN'
  END
$$;

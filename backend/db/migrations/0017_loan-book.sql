CREATE TABLE "account_schedule" (
	"sale_id" text NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"cumulative_kobo" bigint NOT NULL,
	"paid_kobo" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "account_schedule_sale_id_number_pk" PRIMARY KEY("sale_id","number"),
	CONSTRAINT "account_schedule_amount_check" CHECK ("account_schedule"."amount_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "account_snapshots" (
	"day" date NOT NULL,
	"sale_id" text NOT NULL,
	"outstanding_kobo" bigint NOT NULL,
	"paid_kobo" bigint NOT NULL,
	"expected_kobo" bigint NOT NULL,
	"days_late" integer NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "account_snapshots_day_sale_id_pk" PRIMARY KEY("day","sale_id")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"sale_id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"agent_id" text,
	"sale_date" date NOT NULL,
	"total_kobo" bigint NOT NULL,
	"deposit_kobo" bigint NOT NULL,
	"first_due_date" date,
	"first_due_kobo" bigint DEFAULT 0 NOT NULL,
	"paid_kobo" bigint DEFAULT 0 NOT NULL,
	"expected_kobo" bigint DEFAULT 0 NOT NULL,
	"outstanding_kobo" bigint DEFAULT 0 NOT NULL,
	"arrears_kobo" bigint DEFAULT 0 NOT NULL,
	"credit_expiry" date,
	"days_late" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ON_TIME' NOT NULL,
	"first_paid_on" date,
	"last_payment_on" date,
	"completed_on" date,
	"cancelled_on" date,
	"defaulted_on" date,
	"as_of" date NOT NULL,
	"backfilled" boolean DEFAULT false NOT NULL,
	CONSTRAINT "accounts_status_check" CHECK ("accounts"."status" in ('ON_TIME', 'LATE', 'DEFAULTED', 'COMPLETED', 'CANCELLED', 'WRITTEN_OFF', 'REPOSSESSED'))
);
--> statement-breakpoint
CREATE TABLE "loan_book_rolls" (
	"day" date PRIMARY KEY NOT NULL,
	"accounts" integer NOT NULL,
	"milliseconds" integer NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_schedule" ADD CONSTRAINT "account_schedule_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_snapshots" ADD CONSTRAINT "account_snapshots_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_schedule_due_idx" ON "account_schedule" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "account_snapshots_sale_idx" ON "account_snapshots" USING btree ("sale_id","day");--> statement-breakpoint
CREATE INDEX "accounts_worklist_idx" ON "accounts" USING btree ("status","days_late","arrears_kobo");--> statement-breakpoint
CREATE INDEX "accounts_agent_idx" ON "accounts" USING btree ("agent_id","status");--> statement-breakpoint
CREATE INDEX "accounts_sale_date_idx" ON "accounts" USING btree ("sale_date");--> statement-breakpoint
CREATE INDEX "accounts_customer_idx" ON "accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "accounts_backfill_idx" ON "accounts" USING btree ("sale_id") WHERE not "accounts"."backfilled";--> statement-breakpoint
CREATE INDEX "sale_payments_created_at_idx" ON "sale_payments" USING btree ("created_at");--> statement-breakpoint
-- The loan book's one definition of an account's state (decision 037). Lagos keeps UTC+1 all year.
CREATE FUNCTION lagos_day(moment timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ((moment AT TIME ZONE 'UTC') + interval '1 hour')::date
$$;
--> statement-breakpoint
-- Each account's figures as they stood at the end of p_day, from its schedule, payments, tokens and sale:
-- the same function gives today's state, the daily snapshot and the back-filled month ends.
CREATE FUNCTION account_states(p_sale_ids text[], p_day date)
RETURNS TABLE (
  sale_id text,
  paid_kobo bigint,
  expected_kobo bigint,
  outstanding_kobo bigint,
  arrears_kobo bigint,
  credit_expiry date,
  days_late integer,
  status text,
  first_paid_on date,
  last_payment_on date,
  completed_on date,
  cancelled_on date,
  defaulted_on date
) LANGUAGE sql STABLE AS $$
  SELECT
    a.sale_id,
    paid.kobo,
    expected.kobo,
    a.total_kobo - paid.kobo,
    -- A cancelled sale owes nothing more.
    CASE WHEN closed.cancelled_on IS NOT NULL THEN 0 ELSE greatest(0, expected.kobo - paid.kobo) END,
    credit.expiry,
    late.days,
    CASE
      WHEN closed.cancelled_on IS NOT NULL THEN 'CANCELLED'
      WHEN paid.kobo >= a.total_kobo THEN 'COMPLETED'
      WHEN late.days > 90 THEN 'DEFAULTED'
      WHEN late.days >= 1 THEN 'LATE'
      ELSE 'ON_TIME'
    END,
    milestones.first_paid_on,
    paid.last_on,
    milestones.completed_on,
    closed.cancelled_on,
    CASE WHEN late.days > 90 THEN credit.expiry + 91 END
  FROM accounts a
  JOIN sales s ON s.id = a.sale_id
  -- Money received (a part payment as much as a full one), never failed payments or refunds due.
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(p.amount_kobo), 0)::bigint AS kobo, max(lagos_day(p.created_at)) AS last_on
    FROM sale_payments p
    WHERE p.sale_id = a.sale_id
      AND p.status IN ('COMPLETED', 'INCOMPLETE')
      AND lagos_day(p.created_at) <= p_day
  ) paid
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(sc.amount_kobo), 0)::bigint AS kobo
    FROM account_schedule sc
    WHERE sc.sale_id = a.sale_id AND sc.due_date <= p_day
  ) expected
  CROSS JOIN LATERAL (
    SELECT CASE
      WHEN s.status = 'CANCELLED' AND coalesce(lagos_day(s.cancelled_at), a.sale_date) <= p_day
        THEN coalesce(lagos_day(s.cancelled_at), a.sale_date)
    END AS cancelled_on
  ) closed
  -- Credit runs out at the sale day plus the days its tokens bought (the device with the most, when a sale
  -- has several); without a tokenable device, at the oldest installment not fully paid.
  CROSS JOIN LATERAL (
    SELECT CASE
      WHEN paid.kobo >= a.total_kobo THEN NULL
      WHEN EXISTS (
        SELECT 1 FROM sale_items i JOIN devices d ON d.sale_item_id = i.id
        WHERE i.sale_id = a.sale_id AND d.is_tokenable
      ) THEN a.sale_date + coalesce((
        SELECT max(bought.days) FROM (
          SELECT sum(t.days)::integer AS days FROM device_tokens t
          WHERE t.sale_id = a.sale_id AND t.kind = 'ADD_TIME' AND lagos_day(t.created_at) <= p_day
          GROUP BY t.device_id
        ) bought
      ), 0)
      -- Due dates rise with the number: the first row not covered, read along the primary key.
      ELSE (
        SELECT sc.due_date FROM account_schedule sc
        WHERE sc.sale_id = a.sale_id AND sc.cumulative_kobo > paid.kobo
        ORDER BY sc.number LIMIT 1
      )
    END AS expiry
    -- OFFSET 0 keeps it a subquery worked out once per account, not again wherever it is used.
    OFFSET 0
  ) credit
  CROSS JOIN LATERAL (
    SELECT CASE
      WHEN closed.cancelled_on IS NOT NULL OR credit.expiry IS NULL THEN 0
      ELSE greatest(0, p_day - credit.expiry)
    END AS days
    OFFSET 0
  ) late
  -- The days the running total first covered the deposit and first installment, and the whole price.
  CROSS JOIN LATERAL (
    SELECT
      min(w.day) FILTER (WHERE a.first_due_date IS NOT NULL AND w.cum >= a.deposit_kobo + a.first_due_kobo)
        AS first_paid_on,
      min(w.day) FILTER (WHERE w.cum >= a.total_kobo) AS completed_on
    FROM (
      SELECT lagos_day(p.created_at) AS day,
        sum(p.amount_kobo) OVER (ORDER BY p.created_at, p.number) AS cum
      FROM sale_payments p
      WHERE p.sale_id = a.sale_id
        AND p.status IN ('COMPLETED', 'INCOMPLETE')
        AND lagos_day(p.created_at) <= p_day
    ) w
  ) milestones
  WHERE a.sale_id = ANY (p_sale_ids)
$$;
--> statement-breakpoint
-- Stores account_states() as of p_today on the accounts and spreads what was paid over the schedule,
-- oldest installment first. The first day an account defaulted is kept when it recovers.
CREATE FUNCTION refresh_accounts(p_sale_ids text[], p_today date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  refreshed integer;
BEGIN
  UPDATE accounts a SET
    paid_kobo = n.paid_kobo,
    expected_kobo = n.expected_kobo,
    outstanding_kobo = n.outstanding_kobo,
    arrears_kobo = n.arrears_kobo,
    credit_expiry = n.credit_expiry,
    days_late = n.days_late,
    status = n.status,
    first_paid_on = n.first_paid_on,
    last_payment_on = n.last_payment_on,
    completed_on = n.completed_on,
    cancelled_on = n.cancelled_on,
    defaulted_on = coalesce(a.defaulted_on, n.defaulted_on),
    as_of = p_today
  FROM account_states(p_sale_ids, p_today) n
  WHERE a.sale_id = n.sale_id;
  GET DIAGNOSTICS refreshed = ROW_COUNT;
  UPDATE account_schedule sc
  SET paid_kobo = least(sc.amount_kobo, greatest(0, a.paid_kobo - (sc.cumulative_kobo - sc.amount_kobo)))
  FROM accounts a
  WHERE a.sale_id = sc.sale_id
    AND sc.sale_id = ANY (p_sale_ids)
    AND sc.paid_kobo <> least(sc.amount_kobo, greatest(0, a.paid_kobo - (sc.cumulative_kobo - sc.amount_kobo)));
  RETURN refreshed;
END $$;
--> statement-breakpoint
-- Month ends and missed days: account_states() as of p_day, for the accounts sold by then.
CREATE FUNCTION snapshot_accounts(p_sale_ids text[], p_day date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  written integer;
BEGIN
  INSERT INTO account_snapshots (day, sale_id, outstanding_kobo, paid_kobo, expected_kobo, days_late, status)
  SELECT p_day, n.sale_id, n.outstanding_kobo, n.paid_kobo, n.expected_kobo, n.days_late, n.status
  FROM account_states(p_sale_ids, p_day) n
  JOIN accounts a ON a.sale_id = n.sale_id
  WHERE a.sale_date <= p_day
  ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS written = ROW_COUNT;
  RETURN written;
END $$;
--> statement-breakpoint
-- Whatever changes an account changes it in the same transaction: a payment moves the sale's paid total
-- (and may change a payment's status), a token buys days, a cancellation closes it. Statement-level, so a
-- bulk change refreshes its accounts in one call.
CREATE FUNCTION accounts_follow_sales() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_accounts(ARRAY(SELECT DISTINCT id FROM changed_rows), lagos_day(now()));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION accounts_follow_sale_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_accounts(
    ARRAY(SELECT DISTINCT sale_id FROM changed_rows WHERE sale_id IS NOT NULL),
    lagos_day(now())
  );
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_follow_sales AFTER UPDATE ON sales
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION accounts_follow_sales();
--> statement-breakpoint
CREATE TRIGGER accounts_follow_payments AFTER UPDATE ON sale_payments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION accounts_follow_sale_rows();
--> statement-breakpoint
CREATE TRIGGER accounts_follow_tokens AFTER INSERT ON device_tokens
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION accounts_follow_sale_rows();

CREATE TABLE "device_events" (
	"id" text PRIMARY KEY NOT NULL,
	"device_id" text NOT NULL,
	"sale_id" text NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"staff_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_events_kind_check" CHECK ("device_events"."kind" in ('SWAPPED_IN', 'SWAPPED_OUT', 'REPOSSESSED'))
);
--> statement-breakpoint
ALTER TABLE "account_events" DROP CONSTRAINT "account_events_kind_check";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "faulty" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "terms_from_kobo" bigint;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD COLUMN "credit_until" date;--> statement-breakpoint
ALTER TABLE "account_events" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_events_device_idx" ON "device_events" USING btree ("device_id","created_at");--> statement-breakpoint
ALTER TABLE "account_events" ADD CONSTRAINT "account_events_kind_check" CHECK ("account_events"."kind" in ('DELAY', 'TOKEN', 'TOKEN_RESENT', 'MARKED_DEFAULTED', 'DEFAULT_UNDONE', 'WRITTEN_OFF', 'REPOSSESSION_ATTEMPT', 'REPOSSESSED', 'PAID_OFF', 'CANCELLED', 'RESTRUCTURED', 'DEVICE_SWAPPED'));
--> statement-breakpoint
-- account_states() as in 0023, with the credit of a device whose time was set for the account (decision
-- 041): a restructure or a swap gives a device a token that sets its time, and its credit_until.
CREATE OR REPLACE FUNCTION account_states(p_sale_ids text[], p_day date)
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
      WHEN held.status = 'REPOSSESSED' THEN 'REPOSSESSED'
      WHEN paid.kobo >= a.total_kobo THEN 'COMPLETED'
      WHEN held.status = 'WRITTEN_OFF' THEN 'WRITTEN_OFF'
      WHEN late.days > 90 OR held.status = 'DEFAULTED' THEN 'DEFAULTED'
      WHEN late.days >= 1 THEN 'LATE'
      ELSE 'ON_TIME'
    END,
    milestones.first_paid_on,
    paid.last_on,
    milestones.completed_on,
    closed.cancelled_on,
    CASE WHEN held.status = 'DEFAULTED' THEN a.held_on WHEN late.days > 90 THEN credit.expiry + 91 END
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
  -- A status staff set by hand counts from its day on (decision 040).
  CROSS JOIN LATERAL (
    SELECT CASE WHEN a.held_on <= p_day THEN a.held_status END AS status
  ) held
  CROSS JOIN LATERAL (
    SELECT CASE
      WHEN s.status = 'CANCELLED' AND coalesce(lagos_day(s.cancelled_at), a.sale_date) <= p_day
        THEN coalesce(lagos_day(s.cancelled_at), a.sale_date)
    END AS cancelled_on
  ) closed
  -- Credit runs out at the sale day plus the days its tokens bought (the device with the most, when a sale
  -- has several); a token that sets a device's time for the account (a restructure, a swap) moves that
  -- device's start to its credit_until, and only the device's later tokens (higher count) add to it.
  -- Without a tokenable device, at the oldest installment not fully paid.
  CROSS JOIN LATERAL (
    SELECT CASE
      WHEN paid.kobo >= a.total_kobo THEN NULL
      WHEN EXISTS (
        SELECT 1 FROM sale_items i JOIN devices d ON d.sale_item_id = i.id
        WHERE i.sale_id = a.sale_id AND d.is_tokenable
      ) THEN coalesce((
        SELECT max(per_device.until) FROM (
          SELECT coalesce(max(w.credit_until) FILTER (WHERE w.count = w.base_count), a.sale_date)
            + coalesce(sum(w.days) FILTER (WHERE w.kind = 'ADD_TIME' AND w.count > coalesce(w.base_count, -1)), 0)::integer
            AS until
          FROM (
            SELECT t.device_id, t.kind, t.days, t.count, t.credit_until,
              max(t.count) FILTER (WHERE t.credit_until IS NOT NULL) OVER (PARTITION BY t.device_id) AS base_count
            FROM device_tokens t
            WHERE t.sale_id = a.sale_id
              AND (t.kind = 'ADD_TIME' OR t.credit_until IS NOT NULL)
              AND lagos_day(t.created_at) <= p_day
          ) w
          GROUP BY w.device_id
        ) per_device
      ), a.sale_date)
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

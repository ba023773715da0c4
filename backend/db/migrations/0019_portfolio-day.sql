CREATE TABLE "portfolio_base" (
	"day" date NOT NULL,
	"sale_id" text NOT NULL,
	"agent_id" text,
	"status" text NOT NULL,
	"days_late" integer NOT NULL,
	"total_kobo" bigint NOT NULL,
	"outstanding_kobo" bigint NOT NULL,
	"scheduled0" bigint NOT NULL,
	"collected0" bigint NOT NULL,
	"scheduled1" bigint NOT NULL,
	"collected1" bigint NOT NULL,
	"scheduled2" bigint NOT NULL,
	"collected2" bigint NOT NULL,
	CONSTRAINT "portfolio_base_day_sale_id_pk" PRIMARY KEY("day","sale_id")
);
--> statement-breakpoint
CREATE TABLE "portfolio_cells" (
	"day" date NOT NULL,
	"agent_id" text,
	"status" text NOT NULL,
	"days_late" integer NOT NULL,
	"accounts" integer NOT NULL,
	"total_kobo" bigint NOT NULL,
	"outstanding_kobo" bigint NOT NULL,
	"scheduled0" bigint NOT NULL,
	"collected0" bigint NOT NULL,
	"scheduled1" bigint NOT NULL,
	"collected1" bigint NOT NULL,
	"scheduled2" bigint NOT NULL,
	"collected2" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "accounts_worklist_idx";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "changed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "portfolio_cells_day_idx" ON "portfolio_cells" USING btree ("day","agent_id");--> statement-breakpoint
CREATE INDEX "accounts_changed_idx" ON "accounts" USING btree ("sale_id") WHERE "accounts"."changed";--> statement-breakpoint
CREATE INDEX "accounts_late_idx" ON "accounts" USING btree ("days_late" DESC NULLS LAST,"arrears_kobo" DESC NULLS LAST,"sale_id");
--> statement-breakpoint
-- As 0017's, and it marks the account changed since the day's start unless the roll itself refreshes it
-- (decision 038): the dashboard adds the changed accounts to the day's start live.
DROP FUNCTION refresh_accounts(text[], date);
--> statement-breakpoint
CREATE FUNCTION refresh_accounts(p_sale_ids text[], p_today date, p_changed boolean DEFAULT true)
RETURNS integer LANGUAGE plpgsql AS $$
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
    as_of = p_today,
    changed = p_changed
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
-- Today's roll again, to write the day's start it did not have.
DELETE FROM loan_book_rolls WHERE day = lagos_day(now());

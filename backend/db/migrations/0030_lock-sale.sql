-- A payment locks its sale and, in the same statement, reads what its message draws on: the customer's
-- name and contact, the business's name and phone, the templates (decision 043). As a function, its plan
-- is made once per connection and kept: planning this join again at every payment cost more than running
-- it, and the separate read of the message's context it replaces cost more than the lock itself.
-- `is_account`: the sale is an instalment account, so its credit expiry is the loan book's.
CREATE FUNCTION lock_sale(p_sale_id text)
RETURNS TABLE (
  id text,
  customer_id text,
  number integer,
  status text,
  total_kobo bigint,
  paid_kobo bigint,
  due_now_kobo bigint,
  total_monthly_kobo bigint,
  terms_from_kobo bigint,
  is_account boolean,
  firstname text,
  phone text,
  email text,
  opted_out boolean,
  deleted boolean,
  business_name text,
  business_phone text,
  templates jsonb
) LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  SELECT s.id, s.customer_id, s.number, s.status, s.total_kobo::bigint, s.paid_kobo::bigint,
    s.due_now_kobo::bigint, s.total_monthly_kobo::bigint, s.terms_from_kobo::bigint,
    EXISTS (SELECT 1 FROM accounts a WHERE a.sale_id = s.id),
    c.firstname, c.phone, c.email, c.messages_opt_out, c.deleted_at IS NOT NULL,
    b.name, b.phone,
    (SELECT coalesce(jsonb_object_agg(t.kind, jsonb_build_object('body', t.body, 'subject', t.subject)), '{}')
      FROM message_templates t)
  FROM sales s
  JOIN customers c ON c.id = s.customer_id
  LEFT JOIN business_settings b ON b.id = 'current'
  WHERE s.id = p_sale_id
  FOR UPDATE OF s;
END $$;
--> statement-breakpoint
-- A day as customers read it in their messages ("5 Dec 2026"), as dayForCustomer writes it in the app:
-- without "TM", the month's name is English whatever the server's locale.
CREATE FUNCTION customer_day(p_day date) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(p_day, 'FMDD Mon YYYY')
$$;
--> statement-breakpoint
-- The account's credit expiry as customers read it, for a message written by the statement after those
-- that moved it (a payment's). As a function, for the plan it keeps.
CREATE FUNCTION account_due_day(p_sale_id text) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT customer_day(a.credit_expiry) FROM accounts a WHERE a.sale_id = p_sale_id);
END $$;
--> statement-breakpoint
-- A contract action's lock (lockAccount) as lock_sale: the account's row, and what its message draws on.
CREATE FUNCTION lock_account(p_sale_id text)
RETURNS TABLE (
  sale_id text,
  customer_id text,
  number integer,
  status text,
  held_status text,
  credit_expiry text,
  days_late integer,
  total_kobo bigint,
  outstanding_kobo bigint,
  is_account boolean,
  firstname text,
  phone text,
  email text,
  opted_out boolean,
  deleted boolean,
  business_name text,
  business_phone text,
  templates jsonb
) LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY
  SELECT a.sale_id, a.customer_id, s.number, a.status, a.held_status, a.credit_expiry::text, a.days_late,
    a.total_kobo::bigint, a.outstanding_kobo::bigint, true,
    c.firstname, c.phone, c.email, c.messages_opt_out, c.deleted_at IS NOT NULL,
    b.name, b.phone,
    (SELECT coalesce(jsonb_object_agg(t.kind, jsonb_build_object('body', t.body, 'subject', t.subject)), '{}')
      FROM message_templates t)
  FROM accounts a
  JOIN sales s ON s.id = a.sale_id
  JOIN customers c ON c.id = a.customer_id
  LEFT JOIN business_settings b ON b.id = 'current'
  WHERE a.sale_id = p_sale_id
  FOR UPDATE OF a;
END $$;

-- A payment's tokens are written before its sale's paid total is updated in the same transaction
-- (applyPayment), and that update refreshes the account with the payment and the tokens at once: the
-- tokens' own refresh would be the same work done twice. Every other token (staff's, a delay's, a
-- restructure's, a swap's) has no payment and still refreshes its account as it is written.
CREATE FUNCTION accounts_follow_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sale_ids text[] := ARRAY(
    SELECT DISTINCT sale_id FROM changed_rows WHERE sale_id IS NOT NULL AND payment_id IS NULL
  );
BEGIN
  IF cardinality(sale_ids) > 0 THEN
    PERFORM refresh_accounts(sale_ids, lagos_day(now()));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER accounts_follow_tokens ON device_tokens;
--> statement-breakpoint
CREATE TRIGGER accounts_follow_tokens AFTER INSERT ON device_tokens
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION accounts_follow_tokens();

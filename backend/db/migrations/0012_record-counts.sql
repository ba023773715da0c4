CREATE TABLE "record_count_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"counter" text NOT NULL,
	"delta" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_checkouts_pending_idx" ON "payment_checkouts" USING btree ("sale_id") WHERE "payment_checkouts"."status" = 'PENDING';--> statement-breakpoint
-- Counted tables keep their counts through these triggers (decision 026). Statement-level triggers with
-- transition tables: a bulk insert of 20,000 rows adds one change row, not 20,000.
CREATE FUNCTION record_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_count_changes (counter, delta)
    SELECT TG_ARGV[0], count(*) FROM changed_rows HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION record_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_count_changes (counter, delta)
    SELECT TG_ARGV[0], -count(*) FROM changed_rows HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION record_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM record_count_changes WHERE counter = TG_ARGV[0] OR counter LIKE TG_ARGV[0] || ':%';
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Tables with soft deletion count the rows not deleted: an insert or delete counts only those, an update
-- counts the rows it deleted or restored.
CREATE FUNCTION record_count_kept_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_count_changes (counter, delta)
    SELECT TG_ARGV[0], count(*) FROM changed_rows WHERE deleted_at IS NULL HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION record_count_kept_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_count_changes (counter, delta)
    SELECT TG_ARGV[0], -count(*) FROM changed_rows WHERE deleted_at IS NULL HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION record_count_kept_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_count_changes (counter, delta)
    SELECT TG_ARGV[0], delta FROM (
      SELECT (SELECT count(*) FROM new_rows WHERE deleted_at IS NULL)
           - (SELECT count(*) FROM old_rows WHERE deleted_at IS NULL) AS delta
    ) AS moved WHERE delta <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Sales are also counted by what decides their tabs without looking at checkouts: status and contract
-- ('sales:UNPAID:true'), so the header counters need no scan of the sales table.
CREATE FUNCTION record_count_sale_shapes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO record_count_changes (counter, delta)
      SELECT 'sales:' || status || ':' || has_contract, count(*) FROM new_rows GROUP BY status, has_contract;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO record_count_changes (counter, delta)
      SELECT 'sales:' || status || ':' || has_contract, -count(*) FROM old_rows GROUP BY status, has_contract;
  ELSE
    INSERT INTO record_count_changes (counter, delta)
      SELECT counter, sum(delta) FROM (
        SELECT 'sales:' || status || ':' || has_contract AS counter, 1 AS delta FROM new_rows
        UNION ALL
        SELECT 'sales:' || status || ':' || has_contract, -1 FROM old_rows
      ) AS moved GROUP BY counter HAVING sum(delta) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  counted text[] := ARRAY['sales', 'products', 'inventory_items', 'devices', 'tickets'];
  kept text[] := ARRAY['users', 'customers', 'warehouses', 'agents'];
  t text;
BEGIN
  FOREACH t IN ARRAY counted LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION record_count_inserted(%L)', t || '_counted_insert', t, t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION record_count_deleted(%L)', t || '_counted_delete', t, t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION record_count_truncated(%L)', t || '_counted_truncate', t, t);
    EXECUTE format('INSERT INTO record_count_changes (counter, delta) SELECT %L, count(*) FROM %I', t, t);
  END LOOP;
  FOREACH t IN ARRAY kept LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION record_count_kept_inserted(%L)', t || '_counted_insert', t, t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION record_count_kept_deleted(%L)', t || '_counted_delete', t, t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_count_kept_updated(%L)', t || '_counted_update', t, t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION record_count_truncated(%L)', t || '_counted_truncate', t, t);
    EXECUTE format('INSERT INTO record_count_changes (counter, delta) SELECT %L, count(*) FROM %I WHERE deleted_at IS NULL', t, t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_shapes_insert AFTER INSERT ON sales REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_count_sale_shapes();
--> statement-breakpoint
CREATE TRIGGER sales_shapes_delete AFTER DELETE ON sales REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_count_sale_shapes();
--> statement-breakpoint
CREATE TRIGGER sales_shapes_update AFTER UPDATE ON sales REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION record_count_sale_shapes();
--> statement-breakpoint
INSERT INTO record_count_changes (counter, delta)
  SELECT 'sales:' || status || ':' || has_contract, count(*) FROM sales GROUP BY status, has_contract;

CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "activity_seen_at" timestamp with time zone;--> statement-breakpoint
-- Phone numbers are now stored in one written form (backend/schemas/phone.ts): rewrite the Nigerian numbers
-- already stored, unless that would make two live customers share a number (those stay as typed).
WITH cleaned AS (
	SELECT "id", "created_at", regexp_replace("phone", '[[:space:]()./-]', '', 'g') AS "typed"
	FROM "customers" WHERE "deleted_at" IS NULL
), normalised AS (
	SELECT "id", "created_at", CASE
		WHEN "typed" ~ '^(\+|00)2340?[1-9][0-9]{6,9}$' THEN '0' || regexp_replace("typed", '^(\+|00)2340?', '')
		WHEN "typed" ~ '^[789][01][0-9]{8}$' THEN '0' || "typed"
		ELSE "typed" END AS "phone"
	FROM cleaned
), ranked AS (
	SELECT "id", "phone", row_number() OVER (PARTITION BY "phone" ORDER BY "created_at", "id") AS "rank" FROM normalised
)
UPDATE "customers" SET "phone" = ranked."phone"
FROM ranked
WHERE "customers"."id" = ranked."id" AND ranked."rank" = 1 AND ranked."phone" <> "customers"."phone"
	AND NOT EXISTS (
		SELECT 1 FROM "customers" AS "other"
		WHERE "other"."phone" = ranked."phone" AND "other"."deleted_at" IS NULL AND "other"."id" <> "customers"."id"
	);
--> statement-breakpoint
UPDATE "users" SET "phone" = CASE
		WHEN regexp_replace("phone", '[[:space:]()./-]', '', 'g') ~ '^(\+|00)2340?[1-9][0-9]{6,9}$'
			THEN '0' || regexp_replace(regexp_replace("phone", '[[:space:]()./-]', '', 'g'), '^(\+|00)2340?', '')
		ELSE regexp_replace("phone", '[[:space:]()./-]', '', 'g') END
WHERE "phone" IS NOT NULL AND "phone" ~ '[[:space:]()./-]|^(\+|00)234';

-- Existing agents are numbered in the order they were added.
ALTER TABLE "agents" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "agents" SET "number" = 10000000 + "ordered"."n" FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "agents") AS "ordered" WHERE "agents"."id" = "ordered"."id";--> statement-breakpoint
ALTER TABLE "agents" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ALTER COLUMN "number" ADD GENERATED ALWAYS AS IDENTITY (sequence name "agents_number_seq" INCREMENT BY 1 MINVALUE 10000001 MAXVALUE 99999999 START WITH 10000001 CACHE 1);--> statement-breakpoint
SELECT setval('agents_number_seq', (SELECT coalesce(max("number"), 10000000) + 1 FROM "agents"), false);--> statement-breakpoint
CREATE UNIQUE INDEX "agents_number_unique" ON "agents" USING btree ("number");

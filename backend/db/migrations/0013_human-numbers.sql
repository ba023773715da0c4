-- Existing sales and payments are numbered in the order they were made.
ALTER TABLE "sales" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "sales" SET "number" = "ordered"."n" FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "sales") AS "ordered" WHERE "sales"."id" = "ordered"."id";--> statement-breakpoint
ALTER TABLE "sales" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ALTER COLUMN "number" ADD GENERATED ALWAYS AS IDENTITY (sequence name "sales_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval('sales_number_seq', (SELECT coalesce(max("number"), 0) + 1 FROM "sales"), false);--> statement-breakpoint
ALTER TABLE "sale_payments" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "sale_payments" SET "number" = "ordered"."n" FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS "n" FROM "sale_payments") AS "ordered" WHERE "sale_payments"."id" = "ordered"."id";--> statement-breakpoint
ALTER TABLE "sale_payments" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_payments" ALTER COLUMN "number" ADD GENERATED ALWAYS AS IDENTITY (sequence name "sale_payments_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval('sale_payments_number_seq', (SELECT coalesce(max("number"), 0) + 1 FROM "sale_payments"), false);--> statement-breakpoint
CREATE UNIQUE INDEX "sale_payments_number_unique" ON "sale_payments" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_number_unique" ON "sales" USING btree ("number");

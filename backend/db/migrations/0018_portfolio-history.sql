CREATE TABLE "portfolio_history" (
	"key" text PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"figures" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "portfolio_history_day_idx" ON "portfolio_history" USING btree ("day");
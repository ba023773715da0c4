CREATE TABLE "warehouses" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text,
	"inventory_classes" text[] NOT NULL,
	"image_file_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"creator_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "warehouses_status_check" CHECK ("warehouses"."status" in ('active', 'inactive')),
	CONSTRAINT "warehouses_classes_check" CHECK (cardinality("warehouses"."inventory_classes") > 0 and "warehouses"."inventory_classes" <@ array['REGULAR', 'RETURNED', 'REFURBISHED']::text[])
);
--> statement-breakpoint
CREATE TABLE "inventory_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"batch_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "inventory_batches_batch_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"inventory_item_id" text NOT NULL,
	"warehouse_id" text NOT NULL,
	"number_of_stock" integer NOT NULL,
	"remaining_quantity" integer NOT NULL,
	"cost_of_item" bigint NOT NULL,
	"price" bigint NOT NULL,
	"source_batch_id" text,
	"received_by" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_batches_stock_check" CHECK ("inventory_batches"."number_of_stock" > 0),
	CONSTRAINT "inventory_batches_remaining_check" CHECK ("inventory_batches"."remaining_quantity" >= 0 and "inventory_batches"."remaining_quantity" <= "inventory_batches"."number_of_stock"),
	CONSTRAINT "inventory_batches_money_check" CHECK ("inventory_batches"."cost_of_item" > 0 and "inventory_batches"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" text PRIMARY KEY NOT NULL,
	"class" text NOT NULL,
	"category_id" text NOT NULL,
	"sub_category_id" text NOT NULL,
	"name" text NOT NULL,
	"manufacturer_name" text NOT NULL,
	"date_of_manufacture" date NOT NULL,
	"sku" text NOT NULL,
	"image_file_id" text,
	"creator_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_items_class_check" CHECK ("inventory_items"."class" in ('REGULAR', 'RETURNED', 'REFURBISHED'))
);
--> statement-breakpoint
CREATE TABLE "inventory_movements" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"inventory_item_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"to_batch_id" text,
	"from_warehouse_id" text,
	"to_warehouse_id" text,
	"quantity" integer NOT NULL,
	"actor_id" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "inventory_movements_kind_check" CHECK ("inventory_movements"."kind" in ('RECEIPT', 'TRANSFER', 'ALLOCATION', 'RELEASE', 'ISSUE')),
	CONSTRAINT "inventory_movements_quantity_check" CHECK ("inventory_movements"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'PRODUCT' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_categories_type_check" CHECK ("product_categories"."type" in ('PRODUCT'))
);
--> statement-breakpoint
CREATE TABLE "product_inventories" (
	"product_id" text NOT NULL,
	"inventory_item_id" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "product_inventories_product_id_inventory_item_id_pk" PRIMARY KEY("product_id","inventory_item_id"),
	CONSTRAINT "product_inventories_quantity_check" CHECK ("product_inventories"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"category_id" text NOT NULL,
	"name" text NOT NULL,
	"image_file_id" text,
	"payment_modes" text[] NOT NULL,
	"creator_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_payment_modes_check" CHECK (cardinality("products"."payment_modes") > 0 and "products"."payment_modes" <@ array['ONE_OFF', 'INSTALLMENT']::text[])
);
--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_batches" ADD CONSTRAINT "inventory_batches_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_batches" ADD CONSTRAINT "inventory_batches_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_batches" ADD CONSTRAINT "inventory_batches_source_batch_id_inventory_batches_id_fk" FOREIGN KEY ("source_batch_id") REFERENCES "public"."inventory_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_batches" ADD CONSTRAINT "inventory_batches_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_categories" ADD CONSTRAINT "inventory_categories_parent_id_inventory_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."inventory_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_category_id_inventory_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."inventory_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_sub_category_id_inventory_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."inventory_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_batch_id_inventory_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."inventory_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_to_batch_id_inventory_batches_id_fk" FOREIGN KEY ("to_batch_id") REFERENCES "public"."inventory_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_from_warehouse_id_warehouses_id_fk" FOREIGN KEY ("from_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_to_warehouse_id_warehouses_id_fk" FOREIGN KEY ("to_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_movements" ADD CONSTRAINT "inventory_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_inventories" ADD CONSTRAINT "product_inventories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_inventories" ADD CONSTRAINT "product_inventories_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_name_live_unique" ON "warehouses" USING btree (lower("name")) WHERE "warehouses"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "warehouses_created_at_idx" ON "warehouses" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_batches_batch_number_unique" ON "inventory_batches" USING btree ("batch_number");--> statement-breakpoint
CREATE INDEX "inventory_batches_item_idx" ON "inventory_batches" USING btree ("inventory_item_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "inventory_batches_warehouse_idx" ON "inventory_batches" USING btree ("warehouse_id","inventory_item_id","remaining_quantity");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_categories_sibling_name_unique" ON "inventory_categories" USING btree (coalesce("parent_id", ''),lower("name"));--> statement-breakpoint
CREATE INDEX "inventory_categories_parent_idx" ON "inventory_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_sku_unique" ON "inventory_items" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "inventory_items_created_at_idx" ON "inventory_items" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inventory_items_class_created_at_idx" ON "inventory_items" USING btree ("class","created_at","id");--> statement-breakpoint
CREATE INDEX "inventory_items_category_idx" ON "inventory_items" USING btree ("category_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_items_sub_category_idx" ON "inventory_items" USING btree ("sub_category_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_items_search_trgm_idx" ON "inventory_items" USING gin (("name" || ' | ' || "manufacturer_name" || ' | ' || "sku") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_movements_created_at_idx" ON "inventory_movements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inventory_movements_item_idx" ON "inventory_movements" USING btree ("inventory_item_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_movements_from_idx" ON "inventory_movements" USING btree ("from_warehouse_id","created_at");--> statement-breakpoint
CREATE INDEX "inventory_movements_to_idx" ON "inventory_movements" USING btree ("to_warehouse_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_categories_name_unique" ON "product_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "product_inventories_item_idx" ON "product_inventories" USING btree ("inventory_item_id");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_category_created_at_idx" ON "products" USING btree ("category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);
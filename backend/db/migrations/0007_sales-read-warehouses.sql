-- The sales role reads warehouses (the home tile's Inventory opens /warehouses). New databases get it from
-- the role catalogue; this grants it on databases seeded before, only where a live role named sales exists
-- and lacks it.
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT "roles"."id", "permissions"."id"
FROM "roles"
JOIN "permissions" ON "permissions"."action" = 'read' AND "permissions"."subject" = 'Warehouses'
WHERE lower("roles"."name") = 'sales' AND "roles"."deleted_at" IS NULL
ON CONFLICT DO NOTHING;

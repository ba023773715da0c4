-- The seeded sales role now manages agents (it only read them). Databases seeded before get the same
-- change: the role named sales, when it exists and lacks manage:Agents, is granted it, and its read:Agents
-- (which manage implies) is dropped so the role reads as the catalogue says. Roles seeded later already
-- have it; an installation without a sales role is left alone.
INSERT INTO "permissions" ("id", "action", "subject")
SELECT gen_random_uuid()::text, 'manage', 'Agents'
WHERE EXISTS (SELECT 1 FROM "roles" WHERE lower("name") = 'sales' AND "deleted_at" IS NULL)
ON CONFLICT ("action", "subject") DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission_id")
SELECT "roles"."id", "permissions"."id"
FROM "roles" JOIN "permissions" ON "permissions"."action" = 'manage' AND "permissions"."subject" = 'Agents'
WHERE lower("roles"."name") = 'sales' AND "roles"."deleted_at" IS NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "role_permissions"
USING "roles", "permissions"
WHERE "role_permissions"."role_id" = "roles"."id"
	AND "role_permissions"."permission_id" = "permissions"."id"
	AND lower("roles"."name") = 'sales' AND "roles"."deleted_at" IS NULL
	AND "permissions"."action" = 'read' AND "permissions"."subject" = 'Agents';

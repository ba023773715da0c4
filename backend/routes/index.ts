import type { Hono } from "hono";
import type { ApiEnv, RouteDeps } from "../http/env";
import type { Operation } from "../http/operation";
import { accountActionOperations, accountActionRoutes } from "./account-actions";
import { activityOperations, activityRoutes } from "./activity";
import { agentOperations, agentRoutes } from "./agents";
import { authOperations, authRoutes } from "./auth";
import { collectionOperations, collectionRoutes } from "./collections";
import { contractOperations, contractRoutes } from "./contracts";
import { messageOperations, messageRoutes } from "./messages";
import { customerOperations, customerRoutes } from "./customers";
import { deviceOperations, deviceRoutes } from "./devices";
import { fileOperations, fileRoutes } from "./files";
import { saleDraftOperations, saleDraftRoutes } from "./sale-drafts";
import { saleOperations, saleRoutes } from "./sales";
import { inventoryOperations, inventoryRoutes } from "./inventory";
import { overviewOperations, overviewRoutes } from "./overview";
import { paymentOperations, paymentRoutes } from "./payments";
import { csvUploadOperations, csvUploadRoutes } from "./csv-upload";
import { portfolioOperations, portfolioRoutes } from "./portfolio";
import { productOperations, productRoutes } from "./products";
import { permissionOperations, permissionRoutes, roleOperations, roleRoutes } from "./roles";
import { ticketOperations, ticketRoutes } from "./tickets";
import { userOperations, userRoutes } from "./users";
import { warehouseOperations, warehouseRoutes } from "./warehouses";

// app.ts mounts these and openapi.ts describes them, so the two cannot drift apart (app.test.ts checks).
export const ROUTE_GROUPS: {
  path: `/api/v1/${string}`;
  routes: (deps: RouteDeps) => Hono<ApiEnv>;
  operations: Operation[];
}[] = [
  { path: "/api/v1/auth", routes: authRoutes, operations: authOperations },
  { path: "/api/v1/users", routes: userRoutes, operations: userOperations },
  { path: "/api/v1/roles", routes: roleRoutes, operations: roleOperations },
  { path: "/api/v1/permissions", routes: permissionRoutes, operations: permissionOperations },
  { path: "/api/v1/customers", routes: customerRoutes, operations: customerOperations },
  { path: "/api/v1/agents", routes: agentRoutes, operations: agentOperations },
  { path: "/api/v1/device", routes: deviceRoutes, operations: deviceOperations },
  { path: "/api/v1/tickets", routes: ticketRoutes, operations: ticketOperations },
  { path: "/api/v1/activity", routes: activityRoutes, operations: activityOperations },
  { path: "/api/v1/overview", routes: overviewRoutes, operations: overviewOperations },
  { path: "/api/v1/files", routes: fileRoutes, operations: fileOperations },
  // Before the sales group, whose `/:id` would otherwise take `/drafts`.
  { path: "/api/v1/sales/drafts", routes: saleDraftRoutes, operations: saleDraftOperations },
  { path: "/api/v1/sales", routes: saleRoutes, operations: saleOperations },
  { path: "/api/v1/payment", routes: paymentRoutes, operations: paymentOperations },
  { path: "/api/v1/contract", routes: contractRoutes, operations: contractOperations },
  { path: "/api/v1/csv-upload", routes: csvUploadRoutes, operations: csvUploadOperations },
  { path: "/api/v1/warehouses", routes: warehouseRoutes, operations: warehouseOperations },
  { path: "/api/v1/inventory", routes: inventoryRoutes, operations: inventoryOperations },
  { path: "/api/v1/products", routes: productRoutes, operations: productOperations },
  { path: "/api/v1/portfolio", routes: portfolioRoutes, operations: portfolioOperations },
  { path: "/api/v1/collections", routes: collectionRoutes, operations: collectionOperations },
  { path: "/api/v1/accounts", routes: accountActionRoutes, operations: accountActionOperations },
  { path: "/api/v1/messages", routes: messageRoutes, operations: messageOperations },
];

import { randomBytes, randomInt } from "node:crypto";
import { and, count, eq, inArray, isNull } from "drizzle-orm";
import type { AgentStatus } from "../schemas/agents";
import type { TicketEventKind, TicketPriority, TicketStatus, TicketType } from "../schemas/tickets";
import { findInventoryItemIdsBySku } from "../services/inventory-links";
import type { AppDb } from "../db/client";
import { agents, businessSettings, customers, devices, ticketEvents, tickets, users } from "../db/schema";
import type { NewAgentRow, NewDeviceRow, NewTicketEventRow } from "../db/schema";
import { log } from "../log";

// Each only on a database that has none of them, so a restart or a second process never adds more.

const DAY_MS = 86_400_000;

// [firstname, lastname, location, phone or null, status]
const DEMO_AGENTS: [string, string, string, string | null, AgentStatus][] = [
  ["Adebayo", "Ogunbiyi", "12 Oba Akran Avenue, Ikeja, Lagos", "08051230001", "active"],
  ["Chinwe", "Okeke", "4 Zik Avenue, Awka", "08051230002", "active"],
  ["Musa", "Abdullahi", "19 Murtala Mohammed Way, Kano", "08051230003", "active"],
  ["Efe", "Omoregie", "33 Airport Road, Benin City", null, "active"],
  ["Halima", "Yusuf", "7 Constitution Avenue, Abuja", "08051230005", "barred"],
  ["Tobi", "Adeleke", "2 Ring Road, Ibadan", "08051230006", "active"],
  ["Nnamdi", "Eze", "15 Okpara Avenue, Enugu", "08051230007", "active"],
  ["Ruth", "Danladi", "9 Ahmadu Bello Way, Jos", null, "active"],
  ["Ikechukwu", "Nwankwo", "21 Aba Road, Port Harcourt", "08051230009", "barred"],
  ["Fatima", "Sule", "5 Sultan Road, Sokoto", "08051230010", "active"],
  ["Olumide", "Bankole", "40 Lekki-Epe Expressway, Lagos", "08051230011", "active"],
  ["Grace", "Akpan", "6 Calabar Road, Calabar", "08051230012", "barred"],
];

export function demoAgentRows(now = Date.now()): NewAgentRow[] {
  return DEMO_AGENTS.map(([firstname, lastname, location, phoneNumber, status], index) => {
    const createdAt = new Date(now - (DEMO_AGENTS.length - index) * 6 * DAY_MS);
    return {
      firstname,
      lastname,
      email: `${firstname}.${lastname}@agents.example.com`.toLowerCase(),
      phoneNumber,
      addressType: index % 3 === 2 ? "WORK" : "HOME",
      location,
      emailVerified: index % 4 !== 3,
      status,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

export async function ensureDemoAgents(db: AppDb) {
  const rows = demoAgentRows();
  const created = await db.transaction(async (tx) => {
    const [{ existing }] = await tx.select({ existing: count() }).from(agents);
    if (existing > 0) return null;
    return tx.insert(agents).values(rows).returning({ id: agents.id, status: agents.status });
  });
  if (!created) return;
  log.info(`Seeded ${rows.length} demo agents`);
  // Every third customer without an agent came through one, so the agent cards count real customers.
  const working = created.filter((agent) => agent.status === "active").map((agent) => agent.id);
  const unregistered = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(isNull(customers.agentId), isNull(customers.deletedAt)))
    .orderBy(customers.createdAt);
  const chosen = unregistered.filter((_, index) => index % 3 === 1);
  for (const [index, customer] of chosen.entries()) {
    await db
      .update(customers)
      .set({ agentId: working[index % working.length] })
      .where(eq(customers.id, customer.id));
  }
}

// [hardware model, firmware, tokenable, how many, SKU of the demo inventory item they are units of]
const DEMO_DEVICE_MODELS: [string, string, boolean, number, string][] = [
  ["SHS-100 PAYG Controller", "3.2.1", true, 14, "BAT-LI-100"],
  ["SHS-300 PAYG Controller", "3.4.0", true, 10, "BAT-GEL-200"],
  ["EAAS Smart Meter M1", "1.9.7", true, 8, "INV-1500"],
  ["LiFePO4 200Ah Battery", "1.0.2", false, 6, "BAT-GEL-200"],
  ["Rooftop Inverter 5kVA", "2.1.0", false, 4, "INV-HYB-3500"],
  // Street Light Service sells four floodlights a unit: devices that need no tokens.
  ["Solar Floodlight 50W", "1.1.0", false, 12, "FLD-50W"],
];

/** Keys are random, made here and stored only. */
export function demoDeviceRows(
  inventoryIdsBySku: Map<string, string> = new Map(),
  now = Date.now(),
): NewDeviceRow[] {
  let number = 0;
  return DEMO_DEVICE_MODELS.flatMap(([hardwareModel, firmwareVersion, isTokenable, howMany, sku], model) =>
    Array.from({ length: howMany }, (_, index) => {
      number += 1;
      const createdAt = new Date(now - (60 - number) * DAY_MS + model * 3_600_000);
      return {
        serialNumber: `SD${String(26_000 + model * 100 + index + 1).padStart(6, "0")}`,
        key: randomBytes(16).toString("hex"),
        startingCode: isTokenable ? String(randomInt(100_000_000, 999_999_999)) : null,
        count: isTokenable ? 1 : null,
        timeDivider: isTokenable ? 1 : null,
        restrictedDigitMode: isTokenable && index % 5 === 4,
        hardwareModel,
        firmwareVersion,
        isTokenable,
        inventoryId: inventoryIdsBySku.get(sku.toLowerCase()) ?? null,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );
}

export async function ensureDemoDevices(db: AppDb) {
  // Units of the demo stock's batteries, inverters and floodlights, so a demo sale has devices to link.
  const skus = DEMO_DEVICE_MODELS.map((model) => model[4]);
  const rows = demoDeviceRows(await findInventoryItemIdsBySku(db, skus));
  const created = await db.transaction(async (tx) => {
    const [{ existing }] = await tx.select({ existing: count() }).from(devices);
    if (existing > 0) return false;
    await tx.insert(devices).values(rows);
    return true;
  });
  if (created) log.info(`Seeded ${rows.length} demo devices`);
}

type Step =
  | { kind: "assign"; to: "aisha" | "kelechi" | null }
  | { kind: "status"; to: TicketStatus }
  | { kind: "comment"; by: "aisha" | "kelechi" | "admin"; body: string };

interface DemoTicket {
  type: TicketType;
  priority: TicketPriority;
  subject: string;
  description: string;
  daysAgo: number;
  /** Index into the demo customers (newest first), or none. */
  customer?: number;
  steps: Step[];
}

const DEMO_TICKETS: DemoTicket[] = [
  {
    type: "problem",
    priority: "high",
    subject: "Controller shows code E04 after token entry",
    description:
      "Customer entered a 9-digit token yesterday; the SHS-100 controller shows E04 and stays locked.",
    daysAgo: 1,
    customer: 2,
    steps: [],
  },
  {
    type: "question",
    priority: "low",
    subject: "Can installments be paid weekly?",
    description: "A customer in Kano asks whether the monthly installment can be split into weekly payments.",
    daysAgo: 2,
    customer: 5,
    steps: [{ kind: "comment", by: "admin", body: "Checking with finance before we answer." }],
  },
  {
    type: "feature",
    priority: "medium",
    subject: "Show remaining days on the customer card",
    description: "Sales staff would like the days left before the next installment on the customer card.",
    daysAgo: 4,
    steps: [],
  },
  {
    type: "problem",
    priority: "high",
    subject: "Battery drains overnight",
    description: "LiFePO4 battery drops to 20% by morning with only two bulbs and a fan on.",
    daysAgo: 6,
    customer: 8,
    steps: [
      { kind: "assign", to: "kelechi" },
      { kind: "status", to: "active" },
      {
        kind: "comment",
        by: "kelechi",
        body: "Asked the customer for a photo of the charge controller display.",
      },
    ],
  },
  {
    type: "problem",
    priority: "medium",
    subject: "Meter not reporting since Friday",
    description:
      "EAAS smart meter stopped sending readings; the customer's app shows the last one from Friday.",
    daysAgo: 8,
    customer: 11,
    steps: [
      { kind: "assign", to: "aisha" },
      { kind: "status", to: "active" },
    ],
  },
  {
    type: "other",
    priority: "low",
    subject: "Agent training materials in Hausa",
    description: "Field agents in the north ask for the installation guide in Hausa.",
    daysAgo: 10,
    steps: [
      { kind: "assign", to: "aisha" },
      { kind: "status", to: "active" },
      { kind: "assign", to: "kelechi" },
    ],
  },
  {
    type: "problem",
    priority: "high",
    subject: "Token rejected as already used",
    description: "The customer paid by card; the token they received is rejected as already used.",
    daysAgo: 14,
    customer: 14,
    steps: [
      { kind: "assign", to: "kelechi" },
      { kind: "status", to: "active" },
      {
        kind: "comment",
        by: "kelechi",
        body: "The token was entered twice; issued a fresh one after the count.",
      },
      { kind: "status", to: "resolved" },
    ],
  },
  {
    type: "question",
    priority: "medium",
    subject: "How to move a system to a new address",
    description: "A customer is relocating from Ibadan to Abeokuta and asks how to move the rooftop system.",
    daysAgo: 18,
    customer: 17,
    steps: [
      { kind: "assign", to: "aisha" },
      { kind: "status", to: "active" },
      { kind: "status", to: "resolved" },
    ],
  },
  {
    type: "problem",
    priority: "low",
    subject: "Loose panel bracket",
    description: "One bracket of the rooftop panel frame rattles in strong wind.",
    daysAgo: 25,
    customer: 20,
    steps: [
      { kind: "assign", to: "kelechi" },
      { kind: "status", to: "active" },
      { kind: "status", to: "resolved" },
      { kind: "comment", by: "aisha", body: "Customer confirmed the technician tightened it. Closing." },
      { kind: "status", to: "closed" },
    ],
  },
  {
    type: "question",
    priority: "low",
    subject: "Duplicate of the weekly installments question",
    description: "Same question as the one raised from Kano; answered there.",
    daysAgo: 3,
    steps: [{ kind: "status", to: "closed" }],
  },
  {
    type: "problem",
    priority: "medium",
    subject: "Inverter fan noise came back",
    description: "The inverter fan noise fixed last month is back.",
    daysAgo: 30,
    customer: 23,
    steps: [
      { kind: "assign", to: "aisha" },
      { kind: "status", to: "active" },
      { kind: "status", to: "resolved" },
      { kind: "status", to: "closed" },
      { kind: "status", to: "open" },
      { kind: "comment", by: "admin", body: "Reopened: the customer called again this morning." },
    ],
  },
];

const DEMO_SUPPORT_EMAILS = {
  aisha: "aisha.bello@example.com",
  kelechi: "kelechi.amadi@example.com",
  admin: "admin@example.com",
} as const;

// Only when the demo support staff exist (they can work on tickets) and there are no tickets yet.
export async function ensureDemoTickets(db: AppDb) {
  const staff = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.email, Object.values(DEMO_SUPPORT_EMAILS)), isNull(users.deletedAt)));
  const idOf = new Map(staff.map((person) => [person.email, person.id]));
  const person = (who: keyof typeof DEMO_SUPPORT_EMAILS) => idOf.get(DEMO_SUPPORT_EMAILS[who]) ?? null;
  if (!person("aisha") || !person("kelechi")) return;
  const demoCustomers = await db
    .select({ id: customers.id })
    .from(customers)
    .where(isNull(customers.deletedAt))
    .orderBy(customers.createdAt)
    .limit(30);

  const created = await db.transaction(async (tx) => {
    const [{ existing }] = await tx.select({ existing: count() }).from(tickets);
    if (existing > 0) return 0;
    const now = Date.now();
    for (const demo of DEMO_TICKETS) {
      const opener = demo.customer !== undefined ? person("aisha") : person("kelechi");
      const openedAt = now - demo.daysAgo * DAY_MS;
      let status: TicketStatus = "open";
      let assigneeId: string | null = null;
      const events: NewTicketEventRow[] = [];
      const at = (step: number) => new Date(openedAt + step * 5 * 3_600_000);
      const event = (kind: TicketEventKind, step: number, fields: Partial<NewTicketEventRow>) =>
        events.push({ ticketId: "", kind, actorId: person("aisha"), createdAt: at(step), ...fields });
      event("created", 0, { actorId: opener, toStatus: "open" });
      demo.steps.forEach((step, index) => {
        if (step.kind === "assign") {
          const to = step.to ? person(step.to) : null;
          event("assignee", index + 1, { fromAssigneeId: assigneeId, toAssigneeId: to });
          assigneeId = to;
        } else if (step.kind === "status") {
          // Back to open takes the ticket off its assignee, as the API does.
          if (step.to === "open" && assigneeId)
            event("assignee", index + 1, { fromAssigneeId: assigneeId, toAssigneeId: null });
          event("status", index + 1, { fromStatus: status, toStatus: step.to });
          status = step.to;
          if (status === "open") assigneeId = null;
        } else {
          event("comment", index + 1, { actorId: person(step.by), body: step.body });
        }
      });
      const customer = demo.customer !== undefined ? demoCustomers[demo.customer] : undefined;
      const [ticket] = await tx
        .insert(tickets)
        .values({
          type: demo.type,
          priority: demo.priority,
          subject: demo.subject,
          description: demo.description,
          status,
          assigneeId,
          customerId: customer?.id ?? null,
          creatorId: opener,
          createdAt: new Date(openedAt),
          updatedAt: events[events.length - 1].createdAt,
        })
        .returning({ id: tickets.id });
      await tx.insert(ticketEvents).values(events.map((row) => ({ ...row, ticketId: ticket.id })));
    }
    return DEMO_TICKETS.length;
  });
  if (created) log.info(`Seeded ${created} demo tickets`);
}

/** The demo business printed on receipts; an administrator changes it under Settings → Business. */
export async function ensureDemoBusiness(db: AppDb) {
  await db
    .insert(businessSettings)
    .values({
      id: "current",
      name: "Sunbright Energy Ltd",
      address: "14 Adeola Odeku Street, Victoria Island, Lagos",
      phone: "02012345678",
    })
    .onConflictDoNothing();
}

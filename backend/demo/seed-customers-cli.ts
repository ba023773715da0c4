import { count, sql } from "drizzle-orm";
import { loadBackendConfig } from "../config";
import { migrateDatabase, openDatabase } from "../db/client";
import { customers } from "../db/schema";
import type { CustomerStatus } from "../schemas/customers";
import type { NewCustomerRow } from "../db/schema";

// `tsx backend/demo/seed-customers-cli.ts [N]`: adds N (default 100000) synthetic customers to the configured
// database (DATA_DIR or DATABASE_URL) for benchmarks. Not while a server uses the same PGlite directory.
const ROWS_PER_INSERT = 1_000; // 14 parameters a row stays far below PostgreSQL's 65,535 per statement
const INSERTS_PER_TRANSACTION = 5;

const FIRST = [
  "Adaeze",
  "Bola",
  "Chinedu",
  "Dayo",
  "Efe",
  "Funke",
  "Ginika",
  "Hassan",
  "Ikenna",
  "Jide",
  "Kemi",
  "Lola",
  "Musa",
  "Ngozi",
  "Obinna",
  "Remi",
  "Segun",
  "Tunde",
  "Uche",
  "Yetunde",
  "Zainab",
];
const LAST = [
  "Abubakar",
  "Balogun",
  "Chukwuma",
  "Dike",
  "Eze",
  "Falana",
  "Gowon",
  "Idowu",
  "Johnson",
  "Kalu",
  "Lawal",
  "Musa",
  "Nnamdi",
  "Obi",
  "Okoro",
  "Salami",
  "Tinubu",
  "Usman",
  "Wike",
  "Yusuf",
];
const PLACES = [
  "Ikeja, Lagos",
  "Lekki, Lagos",
  "Wuse, Abuja",
  "Bodija, Ibadan",
  "Sabon Gari, Kano",
  "GRA, Port Harcourt",
  "Independence Layout, Enugu",
  "Barnawa, Kaduna",
  "Ugbowo, Benin City",
  "Rayfield, Jos",
];

function syntheticCustomer(number: number, now: number): NewCustomerRow {
  const firstname = FIRST[number % FIRST.length];
  const lastname = LAST[Math.floor(number / FIRST.length) % LAST.length];
  const roll = (number * 7919) % 100;
  const status: CustomerStatus = roll < 5 ? "barred" : roll < 15 ? "inactive" : "active";
  // Spread over two years, so "new" (30 days) is a small slice as in a real book of customers.
  const createdAt = new Date(now - ((number * 104_729) % (730 * 86_400)) * 1_000);
  return {
    firstname,
    lastname,
    email: `${firstname}.${lastname}.${number}@bench.example`.toLowerCase(),
    // The stored form of a Nigerian mobile number (schemas/phone.ts).
    phone: `09${String(number).padStart(9, "0")}`,
    addressType: number % 4 === 0 ? "WORK" : "HOME",
    location: `${(number % 200) + 1} ${PLACES[number % PLACES.length]}`,
    longitude: 3 + (number % 1000) / 100,
    latitude: 4 + (number % 900) / 100,
    status,
    type: number % 3 === 0 ? "purchase" : "lead",
    createdAt,
    updatedAt: createdAt,
  };
}

async function main() {
  const wanted = Number(process.argv[2] ?? 100_000);
  if (!Number.isInteger(wanted) || wanted < 1) throw new Error(`Not a row count: ${process.argv[2]}`);
  const config = loadBackendConfig();
  const database = await openDatabase(config);
  const started = performance.now();
  try {
    await migrateDatabase(database.db, database.kind);
    // Numbering continues after the rows already there, so a second run adds rather than collides.
    const [{ existing }] = await database.db.select({ existing: count() }).from(customers);
    const now = Date.now();
    const perTransaction = ROWS_PER_INSERT * INSERTS_PER_TRANSACTION;
    for (let done = 0; done < wanted; done += perTransaction) {
      const size = Math.min(perTransaction, wanted - done);
      await database.db.transaction(async (tx) => {
        for (let offset = 0; offset < size; offset += ROWS_PER_INSERT) {
          const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, size - offset) }, (_, index) =>
            syntheticCustomer(existing + done + offset + index, now),
          );
          await tx.insert(customers).values(rows);
        }
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.info(`${done + size}/${wanted} customers (${seconds} s)`);
    }
    // Fresh planner statistics: without them the list's indexes look useless for a table this size.
    await database.db.execute(sql`vacuum analyze customers`);
    console.info(`Inserted ${wanted} customers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

import { randomBytes } from "node:crypto";
import { count, sql } from "drizzle-orm";
import { loadBackendConfig } from "../config";
import { migrateDatabase, openDatabase } from "../db/client";
import { devices } from "../db/schema";
import type { NewDeviceRow } from "../db/schema";

// `tsx backend/demo/seed-devices-cli.ts [N]`: adds N (default 200000) synthetic devices to the configured
// database (DATA_DIR or DATABASE_URL) for benchmarks. Not while a server uses the same PGlite directory.
const ROWS_PER_INSERT = 1_000; // 12 parameters a row stays far below PostgreSQL's 65,535 per statement
const INSERTS_PER_TRANSACTION = 10;

const MODELS: [string, string, boolean][] = [
  ["SHS-100 PAYG Controller", "3.2.1", true],
  ["SHS-300 PAYG Controller", "3.4.0", true],
  ["EAAS Smart Meter M1", "1.9.7", true],
  ["EAAS Smart Meter M2", "2.0.3", true],
  ["LiFePO4 200Ah Battery", "1.0.2", false],
  ["Rooftop Inverter 5kVA", "2.1.0", false],
];

function syntheticDevice(number: number, now: number, keys: Buffer): NewDeviceRow {
  const [hardwareModel, firmwareVersion, isTokenable] = MODELS[number % MODELS.length];
  const createdAt = new Date(now - ((number * 104_729) % (730 * 86_400)) * 1_000);
  return {
    serialNumber: `BD${String(number).padStart(9, "0")}`,
    key: keys.subarray((number % 1_000) * 16, (number % 1_000) * 16 + 16).toString("hex"),
    startingCode: isTokenable ? String(100_000_000 + ((number * 7_919) % 900_000_000)) : null,
    count: isTokenable ? 1 : null,
    timeDivider: isTokenable ? 1 : null,
    restrictedDigitMode: number % 10 === 0,
    hardwareModel,
    firmwareVersion,
    isTokenable,
    // Not linked to a sale: links need real sale items (the sales seeder makes its own devices).
    saleItemId: null,
    createdAt,
    updatedAt: createdAt,
  };
}

async function main() {
  const wanted = Number(process.argv[2] ?? 200_000);
  if (!Number.isInteger(wanted) || wanted < 1) throw new Error(`Not a row count: ${process.argv[2]}`);
  const config = loadBackendConfig();
  const database = await openDatabase(config);
  const started = performance.now();
  try {
    await migrateDatabase(database.db, database.kind);
    // Numbering continues after the rows already there, so a second run adds rather than collides.
    const [{ existing }] = await database.db.select({ existing: count() }).from(devices);
    const now = Date.now();
    const perTransaction = ROWS_PER_INSERT * INSERTS_PER_TRANSACTION;
    for (let done = 0; done < wanted; done += perTransaction) {
      const size = Math.min(perTransaction, wanted - done);
      // Fresh random keys for each thousand rows: realistic secrets without a random call per row.
      await database.db.transaction(async (tx) => {
        for (let offset = 0; offset < size; offset += ROWS_PER_INSERT) {
          const keys = randomBytes(16 * 1_000);
          const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, size - offset) }, (_, index) =>
            syntheticDevice(existing + done + offset + index, now, keys),
          );
          await tx.insert(devices).values(rows);
        }
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.info(`${done + size}/${wanted} devices (${seconds} s)`);
    }
    // Fresh planner statistics: without them the search's indexes look useless for a table this size.
    await database.db.execute(sql`vacuum analyze devices`);
    console.info(`Inserted ${wanted} devices in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

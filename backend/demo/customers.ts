import { count } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { customers } from "../db/schema";
import type { NewCustomerRow } from "../db/schema";
import type { CustomerStatus } from "../schemas/customers";
import { log } from "../log";

const DEMO_CUSTOMER_FIRST_NAMES = [
  "Adaeze",
  "Babatunde",
  "Chiamaka",
  "Damilola",
  "Emeka",
  "Folake",
  "Gbenga",
  "Hauwa",
  "Ifeanyi",
  "Jumoke",
  "Kayode",
  "Ladi",
  "Mustapha",
  "Nneka",
  "Olamide",
];
const DEMO_CUSTOMER_LAST_NAMES = [
  "Adeyemi",
  "Bello",
  "Chukwu",
  "Danjuma",
  "Eze",
  "Fashola",
  "Garba",
  "Ibekwe",
  "Jaja",
  "Kalu",
  "Lawal",
  "Mohammed",
  "Nwosu",
  "Okafor",
  "Yakubu",
];
// [address, longitude, latitude]
const DEMO_CUSTOMER_PLACES: [string, number, number][] = [
  ["14 Allen Avenue, Ikeja, Lagos", 3.3515, 6.6018],
  ["5 Admiralty Way, Lekki, Lagos", 3.4746, 6.4474],
  ["22 Aminu Kano Crescent, Wuse 2, Abuja", 7.4711, 9.0765],
  ["9 Ring Road, Ibadan", 3.8964, 7.3775],
  ["31 Zoo Road, Kano", 8.5364, 12.0022],
  ["7 Aba Road, Port Harcourt", 7.0134, 4.8156],
  ["18 Ogui Road, Enugu", 7.4951, 6.4413],
  ["3 Ahmadu Bello Way, Kaduna", 7.4388, 10.5105],
  ["11 Sapele Road, Benin City", 5.6145, 6.335],
  ["40 Oke-Ado, Ibadan", 3.8812, 7.3675],
  ["2 Tafawa Balewa Way, Jos", 8.8921, 9.8965],
  ["27 Wetheral Road, Owerri", 7.0352, 5.4836],
  ["6 Calabar Road, Calabar", 8.3417, 4.9757],
  ["15 Murtala Mohammed Way, Ilorin", 4.55, 8.4966],
  ["8 Sultan Abubakar Road, Sokoto", 5.2476, 13.0059],
];

export function demoCustomerRows(now = Date.now()): NewCustomerRow[] {
  const names = DEMO_CUSTOMER_FIRST_NAMES.length;
  return Array.from({ length: 45 }, (_, index) => {
    const firstname = DEMO_CUSTOMER_FIRST_NAMES[index % names];
    // Shifting the surname by 0, 4 and 8 on each round keeps every full name (and e-mail) distinct.
    const lastname = DEMO_CUSTOMER_LAST_NAMES[(index + Math.floor(index / names) * 4) % names];
    const [location, longitude, latitude] = DEMO_CUSTOMER_PLACES[(index * 7) % DEMO_CUSTOMER_PLACES.length];
    const status: CustomerStatus = index % 9 === 4 ? "barred" : index % 11 === 7 ? "inactive" : "active";
    const createdAt = new Date(now - (index * 2 + 0.5) * 86_400_000 - (index % 5) * 3_600_000);
    return {
      firstname,
      lastname,
      email: `${firstname}.${lastname}@example.com`.toLowerCase(),
      phone: `0803${String(4_560_000 + index * 37).padStart(7, "0")}`,
      addressType: index % 4 === 3 ? "WORK" : "HOME",
      location,
      longitude,
      latitude,
      status,
      type: index % 3 === 0 ? "purchase" : "lead",
      createdAt,
      updatedAt: createdAt,
    };
  });
}

export async function ensureDemoCustomers(db: AppDb) {
  const rows = demoCustomerRows();
  const created = await db.transaction(async (tx) => {
    const [{ existing }] = await tx.select({ existing: count() }).from(customers);
    if (existing > 0) return false;
    await tx.insert(customers).values(rows);
    return true;
  });
  if (created) log.info(`Seeded ${rows.length} demo customers`);
}

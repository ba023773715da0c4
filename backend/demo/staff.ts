import type { NewUserRow } from "../db/schema";
import type { UserStatus } from "../schemas/users";
import { hashPassword } from "../services/passwords";
import type { ROLE_CATALOGUE } from "../bootstrap/roles";

export const DEMO_PASSWORD = "Admin1234";

interface DemoStaff {
  firstname: string;
  lastname: string;
  email?: string;
  phone: string;
  location: string;
  role: keyof typeof ROLE_CATALOGUE;
  status?: UserStatus;
  isBlocked?: boolean;
}

const DEMO_STAFF: DemoStaff[] = [
  {
    firstname: "Demo",
    lastname: "Admin",
    email: "admin@example.com",
    phone: "08030000001",
    location: "Lagos",
    role: "admin",
  },
  {
    firstname: "Sade",
    lastname: "Adeyemi",
    email: "sales@example.com",
    phone: "08030000002",
    location: "Ikeja",
    role: "sales",
  },
  {
    firstname: "Victor",
    lastname: "Okon",
    email: "viewer@example.com",
    phone: "08030000003",
    location: "Uyo",
    role: "viewer",
  },
  {
    firstname: "Ngozi",
    lastname: "Eze",
    email: "manager@example.com",
    phone: "08030000004",
    location: "Lagos",
    role: "manager",
  },
  {
    firstname: "Kemi",
    lastname: "Balogun",
    email: "collector@example.com",
    phone: "08030000005",
    location: "Ibadan",
    role: "collector",
  },
  { firstname: "Chiamaka", lastname: "Okafor", phone: "08031234501", location: "Enugu", role: "sales" },
  { firstname: "Tunde", lastname: "Bakare", phone: "08031234502", location: "Ibadan", role: "inventory" },
  { firstname: "Aisha", lastname: "Bello", phone: "08031234503", location: "Kano", role: "support" },
  {
    firstname: "Emeka",
    lastname: "Nwosu",
    phone: "08031234504",
    location: "Onitsha",
    role: "sales",
    status: "inactive",
  },
  {
    firstname: "Funmilayo",
    lastname: "Ogunleye",
    phone: "08031234505",
    location: "Abeokuta",
    role: "viewer",
  },
  { firstname: "Ibrahim", lastname: "Musa", phone: "08031234506", location: "Abuja", role: "inventory" },
  {
    firstname: "Ngozi",
    lastname: "Eze",
    phone: "08031234507",
    location: "Port Harcourt",
    role: "support",
    status: "inactive",
  },
  {
    firstname: "Segun",
    lastname: "Afolabi",
    phone: "08031234508",
    location: "Akure",
    role: "sales",
    isBlocked: true,
  },
  { firstname: "Zainab", lastname: "Lawal", phone: "08031234509", location: "Kaduna", role: "admin" },
  {
    firstname: "Obinna",
    lastname: "Umeh",
    phone: "08031234510",
    location: "Owerri",
    role: "inventory",
    status: "inactive",
  },
  { firstname: "Halima", lastname: "Sani", phone: "08031234511", location: "Sokoto", role: "viewer" },
  { firstname: "Kelechi", lastname: "Amadi", phone: "08031234512", location: "Aba", role: "support" },
];

export async function demoStaffRows(
  roleIds: Map<string, string>,
  skipEmails: Set<string>,
): Promise<NewUserRow[]> {
  const now = Date.now();
  const staff = DEMO_STAFF.map((person, index) => ({
    ...person,
    email: (person.email ?? `${person.firstname}.${person.lastname}@example.com`).toLowerCase(),
    // Spread over past weeks so "newest first" lists and dates look like a real team's history.
    createdAt: new Date(now - (DEMO_STAFF.length - index) * 2.5 * 86_400_000),
  })).filter((person) => !skipEmails.has(person.email));
  return Promise.all(
    staff.map(async (person) => {
      const status = person.status ?? "active";
      const roleId = roleIds.get(person.role);
      if (!roleId) throw new Error(`Seeded role "${person.role}" is missing`);
      return {
        firstname: person.firstname,
        lastname: person.lastname,
        email: person.email,
        phone: person.phone,
        location: person.location,
        roleId,
        status,
        isBlocked: person.isBlocked ?? false,
        // Inactive staff are still waiting for their invitation, so they have no password yet.
        passwordHash: status === "active" ? await hashPassword(DEMO_PASSWORD) : null,
        createdAt: person.createdAt,
        updatedAt: person.createdAt,
      };
    }),
  );
}

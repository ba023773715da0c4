import { formatDate } from "~/utils/format";

// The API answers next of kin and guarantor as stored documents, so only the known fields are shown.

const FIELDS: [key: string, label: string, kind?: "date" | "idType"][] = [
  ["fullName", "Full Name"],
  ["relationship", "Relationship"],
  ["phoneNumber", "Phone Number"],
  ["email", "Email"],
  ["homeAddress", "Home Address"],
  ["dateOfBirth", "Date of Birth", "date"],
  ["nationality", "Nationality"],
  ["idType", "ID Type", "idType"],
  ["idNumber", "ID Number"],
  ["issuingCountry", "Issuing Country"],
  ["issueDate", "Issue Date", "date"],
  ["expirationDate", "Expiration Date", "date"],
  ["fullNameAsOnID", "Full Name as on ID"],
  ["addressAsOnID", "Address as on ID"],
];

const idTypeLabel = (value: string) => value.replace(/_/g, " ");

export function contractRows(part: Record<string, unknown> | null | undefined): [string, string][] {
  if (!part) return [];
  const rows: [string, string][] = [];
  for (const [key, label, kind] of FIELDS) {
    const value = part[key];
    if (typeof value !== "string" && typeof value !== "number") continue;
    const text = String(value).trim();
    if (!text) continue;
    rows.push([
      label,
      kind === "date" ? formatDate(text) || text : kind === "idType" ? idTypeLabel(text) : text,
    ]);
  }
  return rows;
}

export function nestedIdentification(part: Record<string, unknown> | null | undefined) {
  const nested = part?.identificationDetails;
  return nested && typeof nested === "object" ? (nested as Record<string, unknown>) : null;
}

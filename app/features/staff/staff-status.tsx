import type { UserRecord } from "#backend/schemas/users";

// Blocked wins over the status field, which still reads "active" for a blocked colleague; an invited one
// without a password yet is "Inactive" with the reason beside it.
type Standing = Pick<UserRecord, "status" | "isBlocked">;

export function staffStatusLabel(staff: Standing) {
  return staff.isBlocked ? "Blocked" : staff.status === "active" ? "Active" : "Inactive";
}

export function StaffStatus({ staff, pill = false }: { staff: Standing; pill?: boolean }) {
  const label = staffStatusLabel(staff);
  const good = label === "Active";
  const tone = good ? "text-green-800" : "text-red-800";
  const hint = !staff.isBlocked && staff.status === "inactive" ? "Invited — no password yet" : null;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-1.5">
      <span
        className={
          pill
            ? `rounded-full px-2.5 py-0.5 text-xs font-semibold ${good ? "bg-green-100" : "bg-red-100"} ${tone}`
            : tone
        }
      >
        {label}
      </span>
      {hint ? <span className="text-xs text-slate-600">{hint}</span> : null}
    </span>
  );
}

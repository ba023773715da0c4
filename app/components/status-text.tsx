import { capitalise } from "~/utils/format";

/** A record's status: active in green, anything else in red (spec 000 §4). */
export function StatusText({ status, pill = false }: { status: string; pill?: boolean }) {
  const active = status === "active";
  const tone = active ? "text-green-700" : "text-red-700";
  if (!pill) return <span className={tone}>{capitalise(status)}</span>;
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${active ? "bg-green-100" : "bg-red-100"} ${tone}`}
    >
      {capitalise(status)}
    </span>
  );
}

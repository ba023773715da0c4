import { useEffect, useState } from "react";
import { showToast } from "./toaster";

/** Copies a value to the clipboard. A JavaScript feature: nothing is rendered until the page is live. */
export function CopyButton({ value, label = "Copy" }: { value: string; label?: string }) {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  if (!live) return null;
  return (
    <button
      type="button"
      className="rounded px-1.5 py-0.5 text-xs text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      aria-label={`${label} ${value}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          showToast({ type: "success", message: `Copied "${value}" to clipboard.` });
        } catch {
          showToast({ type: "error", message: "Could not copy to the clipboard." });
        }
      }}
    >
      {label}
    </button>
  );
}

import { DialogShell } from "./dialog-shell";
import type { DialogLook } from "./dialog-shell";

export const DRAWER_WIDTHS = {
  small: "max-w-[360px]",
  medium: "max-w-[530px]",
  large: "max-w-[660px]",
} as const;
export const DRAWER_CLOSE_MS = 250;

const drawerLook =
  (size: keyof typeof DRAWER_WIDTHS): DialogLook =>
  (closing) => ({
    layer: "fixed inset-0 z-50",
    backdrop: `absolute inset-0 bg-slate-900/40 transition-opacity duration-[250ms] ${closing ? "opacity-0" : "opacity-100"}`,
    // The whole panel scrolls (not only its body), so the scrolling region always holds the Close link.
    panel: `absolute inset-y-0 right-0 flex w-full ${DRAWER_WIDTHS[size]} flex-col overflow-y-auto bg-white shadow-2xl transition-transform duration-[250ms] ${closing ? "translate-x-full" : "translate-x-0"}`,
    header:
      "sticky top-0 z-10 flex items-center justify-between border-b border-slate-200 bg-white px-5 py-4",
    body: "flex-1 px-5 py-4",
  });

export function Drawer({
  title,
  closeTo,
  size = "medium",
  children,
}: {
  title: string;
  closeTo: string;
  size?: keyof typeof DRAWER_WIDTHS;
  children: React.ReactNode;
}) {
  return (
    <DialogShell
      kind="drawer"
      title={title}
      closeTo={closeTo}
      closeDelayMs={DRAWER_CLOSE_MS}
      look={drawerLook(size)}
    >
      {children}
    </DialogShell>
  );
}

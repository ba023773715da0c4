import { DialogShell } from "./dialog-shell";
import type { DialogLook } from "./dialog-shell";

const modalLook: DialogLook = () => ({
  layer: "fixed inset-0 z-50 flex items-start justify-center overflow-y-auto p-4 sm:items-center",
  backdrop: "fixed inset-0 bg-slate-900/40",
  panel: "relative w-full max-w-lg rounded-2xl bg-white shadow-2xl",
  header: "flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4",
  body: "px-5 py-4",
});

export function Modal({
  title,
  hint,
  closeTo,
  children,
}: {
  title: string;
  hint?: string;
  closeTo: string;
  children: React.ReactNode;
}) {
  return (
    <DialogShell kind="modal" title={title} hint={hint} closeTo={closeTo} look={modalLook}>
      {children}
    </DialogShell>
  );
}

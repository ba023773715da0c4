import { useEffect, useRef, useState, useSyncExternalStore } from "react";

export type ToastType = "success" | "error" | "warning" | "info";
/** `id` tells two equal messages apart, so a repeated failure shows its toast again. */
export type ToastData = { type: ToastType; message: string; description?: string; id?: string };

/** With JavaScript (spec 000 §9); without it, the toast-fade CSS hides the toast. */
export const TOAST_DURATION_MS = 2000;

type ClientToast = Omit<ToastData, "id"> & { id: number };
let clientToasts: ClientToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const EMPTY: ClientToast[] = [];

export function showToast(toast: ToastData) {
  clientToasts = [...clientToasts, { ...toast, id: nextId++ }];
  emit();
}

function dismissClientToast(id: number) {
  clientToasts = clientToasts.filter((toast) => toast.id !== id);
  emit();
}

function useClientToasts() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => clientToasts,
    () => EMPTY,
  );
}

const STYLES: Record<ToastType, string> = {
  success: "border-green-600 bg-green-50 text-green-900",
  error: "border-red-600 bg-red-50 text-red-900",
  warning: "border-amber-500 bg-amber-50 text-amber-900",
  info: "border-sky-600 bg-sky-50 text-sky-900",
};

function ToastItem({ toast, onDismiss }: { toast: ToastData; onDismiss?: () => void }) {
  const [open, setOpen] = useState(true);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    const timer = setTimeout(() => {
      setOpen(false);
      dismiss.current?.();
    }, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!open) return null;
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      className={`toast-fade w-80 rounded-md border-l-4 px-4 py-3 text-sm shadow-lg ${STYLES[toast.type]}`}
    >
      <p className="font-medium">{toast.message}</p>
      {toast.description ? <p className="mt-1 opacity-80">{toast.description}</p> : null}
    </div>
  );
}

function ToastStack({ children }: { children: React.ReactNode }) {
  return (
    <div className="pointer-events-none fixed right-4 top-20 z-[100] flex flex-col items-end gap-2 print:hidden">
      {children}
    </div>
  );
}

export function Toaster({ toast }: { toast?: ToastData | null }) {
  const fromBrowser = useClientToasts();
  return (
    <ToastStack>
      {toast ? <ToastItem key={toast.id ?? `${toast.type}:${toast.message}`} toast={toast} /> : null}
      {fromBrowser.map((item) => (
        <ToastItem
          key={item.id}
          toast={{ ...item, id: String(item.id) }}
          onDismiss={() => dismissClientToast(item.id)}
        />
      ))}
    </ToastStack>
  );
}

/** A toast that comes with an action's answer (rendered in the same response, so it shows without JS). */
export function ActionToast({ toast }: { toast?: ToastData | null }) {
  if (!toast) return null;
  return (
    <ToastStack>
      <ToastItem key={toast.id ?? `${toast.type}:${toast.message}`} toast={toast} />
    </ToastStack>
  );
}

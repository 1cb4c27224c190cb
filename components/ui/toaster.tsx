"use client";

import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { cn } from "@/lib/utils/cn";

// Toasts announce each mutation's result. The region is always in the page (aria-live needs it
// before the message arrives): polite for successes, assertive for errors. A toast may offer one
// action (Desfazer).

export interface Toast {
  id: number;
  kind: "success" | "error";
  message: string;
  action?: { label: string; onClick: () => void };
}

interface ToastApi {
  show(toast: Omit<Toast, "id">): void;
}

const ToastContext = createContext<ToastApi>({ show: () => {} });

export function useToast(): ToastApi {
  return useContext(ToastContext);
}

export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (toast: Omit<Toast, "id">) => {
      const id = next.current++;
      setToasts((all) => [...all.slice(-2), { ...toast, id }]);
      setTimeout(() => dismiss(id), toast.action ? 10_000 : 6_000);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show }), [show]);
  const polite = toasts.filter((t) => t.kind === "success");
  const assertive = toasts.filter((t) => t.kind === "error");
  const render = (t: Toast) => (
    <div
      key={t.id}
      data-testid="toast"
      data-kind={t.kind}
      className={cn(
        "pointer-events-auto flex items-center gap-3 rounded-md px-4 py-2.5 text-sm shadow-lg ring-1",
        t.kind === "success" ? "bg-zinc-900 text-white ring-zinc-900" : "bg-rose-50 text-rose-900 ring-rose-300",
      )}
    >
      <span>{t.message}</span>
      {t.action ? (
        <button
          type="button"
          data-testid="toast-action"
          onClick={() => {
            t.action?.onClick();
            dismiss(t.id);
          }}
          className="rounded px-2 py-0.5 font-semibold underline underline-offset-2"
        >
          {t.action.label}
        </button>
      ) : null}
      <button type="button" onClick={() => dismiss(t.id)} aria-label="Fechar aviso" className="ml-1 opacity-80 hover:opacity-100">
        ×
      </button>
    </div>
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed right-4 bottom-4 z-50 flex flex-col items-end gap-2">
        <div role="status" aria-live="polite" data-testid="toasts-polite" className="flex flex-col items-end gap-2">
          {polite.map(render)}
        </div>
        <div role="alert" aria-live="assertive" data-testid="toasts-assertive" className="flex flex-col items-end gap-2">
          {assertive.map(render)}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

"use client";

import { useEffect, useRef, type ReactNode } from "react";

// A modal on the native <dialog>: the browser traps focus, Escape closes, and the page behind is
// inert. The element marked `data-autofocus` (else the first control) receives focus on open.

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // React's autoFocus runs before the dialog is shown; focus the marked control now.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      data-testid={testId}
      aria-labelledby={testId ? `${testId}-title` : undefined}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-900/40"
    >
      {open ? (
        <div className="p-5">
          <h2 id={testId ? `${testId}-title` : undefined} className="text-base font-semibold">
            {title}
          </h2>
          {description ? <div className="mt-1 text-sm text-zinc-600">{description}</div> : null}
          <div className="mt-4">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}

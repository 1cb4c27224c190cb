import type { InputHTMLAttributes } from "react";

// A labelled text field of the sign-in and second-factor forms (pt-BR labels, visible focus).

export const fieldInputClass =
  "block h-9 w-full rounded-md border-0 bg-white px-3 text-sm text-zinc-900 shadow-xs ring-1 ring-inset ring-zinc-300 placeholder:text-zinc-400 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none";

export function Field({ id, label, hint, ...input }: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; hint?: string }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-800">
        {label}
      </label>
      <input id={id} name={id} className={fieldInputClass} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function FormProblem({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      data-testid={testId}
      className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800 ring-1 ring-inset ring-rose-600/20"
    >
      {message}
    </div>
  );
}

/** Six digits as typed or pasted ("123 456" too), or null. */
export function totpCode(value: string): string | null {
  const digits = value.replace(/\s+/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

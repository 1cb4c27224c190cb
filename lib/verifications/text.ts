// Text for display: trimmed, and null when empty (the dossier says "" for a fact it lacks).
export function text(value: string | null | undefined): string | null {
  return value?.trim() || null;
}

/** Whether a key event comes from a field where the analyst types (shortcuts stay quiet there). */
export function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(element?.closest?.("input, select, textarea, [contenteditable=''], [contenteditable=true]"));
}

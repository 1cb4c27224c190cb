/** Joins class names, skipping falsy values (a tiny stand-in for clsx). */
export function cn(...values: Array<string | false | null | undefined>): string {
  return values.filter(Boolean).join(" ");
}

// Brazilian contact formats: phones "(11) 98765-4321", postal codes "01310-100".

export function formatPhone(area: string | null | undefined, number: string | null | undefined): string {
  const digits = (number ?? "").replace(/\D/g, "");
  const ddd = (area ?? "").replace(/\D/g, "");
  let local = digits;
  if (digits.length === 9) local = `${digits.slice(0, 5)}-${digits.slice(5)}`;
  else if (digits.length === 8) local = `${digits.slice(0, 4)}-${digits.slice(4)}`;
  if (!local) return "—";
  return ddd ? `(${ddd}) ${local}` : local;
}

export function formatPostalCode(value: string | null | undefined): string {
  const digits = (value ?? "").replace(/\D/g, "");
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : value || "—";
}

// The holder's name in a profile module's data, whatever the dataset version calls it
// (person 1.0 `nome`, person 2.0 `name.full`, company 1.0 `razaoSocial`, company 2.0 `name`).

export function subjectName(profileData: Record<string, unknown> | undefined | null): string | null {
  const block = profileData?.profile;
  if (!block || typeof block !== "object") return null;
  const p = block as Record<string, unknown>;
  const name = p.name;
  if (typeof name === "string") return name;
  if (name && typeof name === "object" && typeof (name as { full?: unknown }).full === "string") return (name as { full: string }).full;
  for (const key of ["nome", "razaoSocial", "legalName"]) if (typeof p[key] === "string") return p[key] as string;
  return null;
}

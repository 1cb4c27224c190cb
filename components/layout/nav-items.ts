/**
 * The console's sections, in the order the navigation lists them (Uso and Auditoria: admins only;
 * Configurações when `settings`: the review API answers and the user is an admin; Regras when
 * `rules`: the review API offers rule sets, to every role but integrations).
 */
export function navItems(role: string | null, settings = false, rules = false): Array<{ href: string; label: string }> {
  return [
    { href: "/overview", label: "Visão geral" },
    { href: "/verifications", label: "Verificações" },
    { href: "/enrichments", label: "Enriquecimentos" },
    { href: "/restrictive-list", label: "Lista restritiva" },
    ...(rules && role !== "integration" ? [{ href: "/rules", label: "Regras" }] : []),
    ...(role === "admin"
      ? [
          { href: "/usage", label: "Uso" },
          { href: "/audit", label: "Auditoria" },
        ]
      : []),
    ...(settings ? [{ href: "/settings", label: "Configurações" }] : []),
  ];
}

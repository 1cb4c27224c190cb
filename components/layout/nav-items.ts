/**
 * The console's sections, in the order the navigation lists them (Uso and Auditoria: admins only;
 * Configurações when `settings`: the review API answers and the user is an admin; Regras when
 * `rules`: the review API offers rule sets, to every role but integrations).
 */
export function navItems(role: string | null, settings = false, rules = false, graph = false): Array<{ href: string; label: string }> {
  return [
    { href: "/overview", label: "Visão geral" },
    { href: "/verifications", label: "Verificações" },
    { href: "/enrichments", label: "Enriquecimentos" },
    { href: "/restrictive-list", label: "Lista restritiva" },
    ...(rules && role !== "integration" ? [{ href: "/rules", label: "Regras" }] : []),
    // Investigação when `graph`: the review API offers the investigation graph (issue 33), to every role but integrations
    ...(graph && role !== "integration" ? [{ href: "/investigate", label: "Investigação" }] : []),
    ...(role === "admin"
      ? [
          { href: "/usage", label: "Uso" },
          { href: "/audit", label: "Auditoria" },
        ]
      : []),
    ...(settings ? [{ href: "/settings", label: "Configurações" }] : []),
  ];
}

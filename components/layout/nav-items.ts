/**
 * The console's sections, in the order the navigation lists them (Uso and Auditoria: admins only;
 * Configurações when `settings`: the review API answers and the user is an admin; Regras when
 * `rules`: the review API offers rule sets, to every role but integrations; Alertas when
 * `monitoring`: the review API offers monitoring, with the open alerts' count beside it).
 */
export interface NavItem {
  href: string;
  label: string;
  /** A live count shown beside the label ("alerts": the open monitoring alerts). */
  count?: "alerts";
}

export function navItems(role: string | null, settings = false, rules = false, monitoring = false, graph = false): NavItem[] {
  return [
    { href: "/overview", label: "Visão geral" },
    { href: "/verifications", label: "Verificações" },
    ...(monitoring && role !== "integration" ? [{ href: "/alerts", label: "Alertas", count: "alerts" as const }] : []),
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

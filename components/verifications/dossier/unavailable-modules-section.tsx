"use client";

import { Section } from "@/components/ui/section";
import { SourceLine, useUnavailableModules } from "@/components/ui/module-source";
import { moduleLabel } from "@/lib/contract/labels";

/** The profile's modules that were not consulted: no source answers them (LUPA_SANDBOX off). */
export function UnavailableModulesSection() {
  const modules = useUnavailableModules();
  if (modules.length === 0) return null;
  return (
    <Section
      anchor="sem-fonte"
      title="Módulos sem fonte"
      description="Não consultados: nenhuma fonte de dados está configurada para eles. Não entram no score."
      testId="unavailable-modules"
    >
      <ul className="space-y-2">
        {modules.map((m) => (
          <li key={m.module} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-zinc-900">
            <span className="font-medium">{moduleLabel(m.module)}</span>
            <SourceLine source={m} className="mt-0" />
          </li>
        ))}
      </ul>
    </Section>
  );
}

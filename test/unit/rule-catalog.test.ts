// The console explains every scoring rule the service's profiles can fire (lib/verifications/
// rule-catalog.ts): a rule added to a profile without its pt-BR explanation fails here, instead of
// showing "Módulo não identificado" on the case page.
import { describe, expect, it } from "vitest";
import { GLOBAL_PROFILES } from "../../server/tenancy/catalog";
import { MODULE_LABELS, RULES, moduleLabel, ruleInfo } from "../../lib/verifications/rule-catalog";

describe("rule catalog", () => {
  const rules = GLOBAL_PROFILES.flatMap((p) => p.rules ?? []);

  it("explains every rule of every global profile, under the module the profile scores it in", () => {
    expect(rules.length).toBeGreaterThan(10);
    // a code scored in several modules (has_criminal_lawsuit: the holder's lawsuits and, for a
    // company, its partners') is explained once, under its first module
    const modulesOf = new Map<string, Set<string>>();
    for (const rule of rules) modulesOf.set(rule.rule, (modulesOf.get(rule.rule) ?? new Set()).add(rule.module));
    for (const rule of rules) {
      expect(RULES[rule.rule], rule.rule).toBeDefined();
      expect(MODULE_LABELS[rule.module], rule.module).toBeDefined();
      if (modulesOf.get(rule.rule)!.size === 1) expect(RULES[rule.rule]!.module, rule.rule).toBe(rule.module);
      else expect(modulesOf.get(rule.rule)!.has(RULES[rule.rule]!.module), rule.rule).toBe(true);
    }
  });

  it("names the module of a vision rule in pt-BR", () => {
    expect(moduleLabel(ruleInfo("cnh_data_mismatch").module)).toBe("CNH");
    expect(moduleLabel(ruleInfo("face_mismatch").module)).toBe("Biometria");
    expect(moduleLabel(ruleInfo("unknown_rule").module)).toBe("Módulo não identificado");
  });
});

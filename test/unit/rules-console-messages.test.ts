// The rules console's wording of the service's invalid_ruleset (lib/rules/messages.ts), fed with
// the messages the service's own check writes (server/rules/ruleset.ts validateRuleset): the rule's
// number and code and the position survive, so the editor can put the error on that rule and mark
// the character; the CEL library's usual complaints come out in pt-BR.
import { describe, expect, it } from "vitest";
import { validateRuleset } from "../../server/rules/ruleset";
import { celProblem, invalidRulesetMessage } from "../../lib/rules/messages";

const THRESHOLDS = { approveAtOrAbove: 700, reproveBelow: 400 };
const rule = (condition: string, extra: Record<string, unknown> = {}) => ({
  code: "console_rule",
  title: "Regra do console",
  condition,
  weight: 10,
  module: "profile",
  enabled: true,
  ...extra,
});
const ok = rule("person.age >= 18", { code: "adult" });

/** What the service answers for these rules, as the console shows it. */
function refusal(rules: unknown[], thresholds: unknown = THRESHOLDS): string {
  try {
    validateRuleset("person", rules, thresholds);
  } catch (error) {
    return invalidRulesetMessage((error as Error).message);
  }
  throw new Error("the service accepted it");
}

describe("invalid_ruleset in the console's words", () => {
  it("names the rule, its code and the position of an unknown fact", () => {
    expect(refusal([ok, rule("person.idadee > 18")])).toBe(
      "Regra 2 (console_rule): condição inválida na posição 8: fato desconhecido (idadee): confira o nome na lista de fatos",
    );
  });

  it("says in pt-BR what is wrong with a condition that does not parse or type-check", () => {
    expect(refusal([rule("person.age >= 18 &&")])).toBe(
      "Regra 1 (console_rule): condição inválida na posição 20: a condição termina antes da hora (falta um valor ou um parêntese)",
    );
    expect(refusal([rule("person.age")])).toBe(
      "Regra 1 (console_rule): condição inválida na posição 1: a condição precisa dar verdadeiro ou falso (bool); esta dá int",
    );
    expect(refusal([rule('person.age > "x"')])).toMatch(
      /^Regra 1 \(console_rule\): condição inválida na posição \d+: operação entre tipos incompatíveis/,
    );
    expect(refusal([rule("  ")])).toBe("Regra 1 (console_rule): condição inválida na posição 1: condição vazia");
  });

  it("words weights, repeated codes and thresholds", () => {
    expect(refusal([rule("person.age >= 18", { weight: 1001 })])).toBe("Regra 1 (console_rule): peso 1001 fora do intervalo de 0 a 1000");
    expect(refusal([ok, ok])).toBe("Regra 2 (adult): código repetido no módulo profile (também na regra 1)");
    expect(refusal([ok], { approveAtOrAbove: 300, reproveBelow: 400 })).toMatch(/^Limites inválidos: /);
  });

  it("keeps a message it does not know, marked as CEL's", () => {
    expect(celProblem("something new")).toBe("erro de CEL: something new");
  });
});

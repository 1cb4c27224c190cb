// The routing rules' editor (components/routing/rules-editor.tsx, docs/routing.md "The console's
// editor") in the piece the e2e test reaches only once: a rule goes into the form and back out with
// every condition (profiles, score band, flags, recommendations, document kind), an empty set of
// choices leaves its condition out, and the form's pt-BR refusals.
import { describe, expect, it } from "vitest";
import { fromRuleDraft, newRuleDraft, toRuleDraft, type RoutingProfile } from "../../components/routing/rules-editor";
import type { RoutingRule } from "../../lib/contract/routing";

const PROFILES: RoutingProfile[] = [
  { id: "prf_kyc_person", name: "KYC", entity: "person" },
  { id: "prf_kyb_company", name: "KYB", entity: "company" },
];
const ANALYST = "11111111-1111-4111-8111-111111111111";

describe("the rules editor's draft", () => {
  it("keeps every condition from the API through the form and back", () => {
    const rule: RoutingRule = {
      id: "tudo",
      name: "Tudo",
      when: {
        profiles: ["prf_kyc_person"],
        scoreMin: 100,
        scoreMax: 400,
        flags: ["restrictive_list", "deceased"],
        recommendations: ["REVIEW", "REPROVE"],
        documentKind: "cpf",
      },
      to: { analysts: [ANALYST] },
    };
    expect(fromRuleDraft(toRuleDraft(rule), PROFILES)).toEqual(rule);
    const queued: RoutingRule = { id: "pj", name: "PJ", when: { documentKind: "cnpj" }, to: { queue: "Empresas" } };
    expect(fromRuleDraft(toRuleDraft(queued), PROFILES)).toEqual(queued);
  });

  it("leaves out a condition with nothing chosen, and sends what was chosen", () => {
    const draft = { ...newRuleDraft([]), analysts: [ANALYST] };
    expect(fromRuleDraft(draft, PROFILES)).toEqual({ id: "regra-1", name: "Regra 1", when: {}, to: { analysts: [ANALYST] } });
    expect(
      fromRuleDraft({ ...draft, flags: ["face_mismatch"], recommendations: ["APPROVE"], profiles: ["prf_kyb_company"] }, PROFILES),
    ).toEqual({
      id: "regra-1",
      name: "Regra 1",
      when: { profiles: ["prf_kyb_company"], flags: ["face_mismatch"], recommendations: ["APPROVE"] },
      to: { analysts: [ANALYST] },
    });
  });

  it("refuses, in pt-BR, a profile of the other kind of document, and the other problems", () => {
    const draft = { ...newRuleDraft([]), name: "Empresas", analysts: [ANALYST], profiles: ["prf_kyc_person"] };
    expect(fromRuleDraft({ ...draft, documentKind: "cnpj" }, PROFILES)).toBe(
      "Empresas: o perfil “KYC pessoa física” é de pessoas, e a regra pega só CNPJ (empresas).",
    );
    expect(fromRuleDraft({ ...draft, documentKind: "cpf", profiles: ["prf_kyb_company"] }, PROFILES)).toBe(
      "Empresas: o perfil “KYB pessoa jurídica” é de empresas, e a regra pega só CPF (pessoas).",
    );
    // a profile the workspace does not list cannot be checked against the kind: kept as it is
    expect(fromRuleDraft({ ...draft, documentKind: "cnpj", profiles: ["prf_gone"] }, PROFILES)).toMatchObject({
      when: { profiles: ["prf_gone"], documentKind: "cnpj" },
    });
    expect(fromRuleDraft({ ...draft, scoreMin: "500", scoreMax: "100" }, PROFILES)).toBe("Empresas: o score mínimo passa do máximo.");
    expect(fromRuleDraft({ ...draft, analysts: [] }, PROFILES)).toBe("Empresas: escolha ao menos uma pessoa.");
  });
});

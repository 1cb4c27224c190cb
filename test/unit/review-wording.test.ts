// The words the case page and the queue say about what happened and who may act (issue 28): the
// decision panel's sentence for each role while a case awaits its second review (item 6), and what
// a bulk action did (item 10).
import { describe, expect, it } from "vitest";
import { decisionWording, type DecisionContext } from "../../lib/review/decision-wording";
import { bulkSummary } from "../../lib/review/bulk-summary";

const awaiting: DecisionContext = {
  canDecide: true,
  admin: false,
  decidable: true,
  awaitingSecondReview: true,
  proposer: false,
  heldBy: "Bruno Analista",
};

describe("the decision panel's sentence while a case awaits its second review", () => {
  it("each role, and the proposer, reads a sentence true for them", () => {
    const analyst = decisionWording(awaiting);
    const admin = decisionWording({ ...awaiting, admin: true });
    const proposer = decisionWording({ ...awaiting, proposer: true, heldBy: null });
    const viewer = decisionWording({ ...awaiting, canDecide: false });
    const said = [analyst, admin, proposer, viewer].map((w) => `${w.description} ${w.notice}`);
    // an analyst's role decides; a viewer is never told to take the case over
    expect(said[0]).not.toContain("Seu papel permite ver o histórico, sem decidir");
    expect(analyst.notice).toBe("Como analista, você pode confirmar ou recusar a decisão proposta em Responsável.");
    expect(admin.notice).toBe("Como administrador, você pode confirmar ou recusar a decisão proposta em Responsável.");
    expect(proposer.description).toBe("Você propôs uma decisão: ela aguarda a 2ª revisão de outra pessoa.");
    expect(viewer.description).toBe("Seu papel permite ver o histórico, sem decidir.");
    for (const text of said) expect(text).not.toContain("decidir pede para assumi-lo");
    expect(new Set(said).size).toBe(4);
  });

  it("outside a second review: the shortcuts for those who decide; a viewer is told who holds the case, not to take it", () => {
    const free = { ...awaiting, awaitingSecondReview: false };
    expect(decisionWording(free)).toEqual({
      description: "Atalhos: a, r, e, d · ? mostra todos",
      notice: "Este caso está com Bruno Analista: decidir pede para assumi-lo.",
    });
    expect(decisionWording({ ...free, canDecide: false }).notice).toBe("Este caso está com Bruno Analista.");
    expect(decisionWording({ ...free, decidable: false, heldBy: null }).description).toBe(
      "O caso pode ser decidido quando a verificação terminar.",
    );
  });
});

describe("what a bulk action did", () => {
  const result = (ok: number, proposed = 0, failed = 0) => ({
    succeeded: ok + proposed,
    failed,
    results: [
      ...Array.from({ length: ok }, (_, i) => ({ id: `ok-${i}`, ok: true })),
      ...Array.from({ length: proposed }, (_, i) => ({ id: `p-${i}`, ok: true, proposed: true })),
      ...Array.from({ length: failed }, (_, i) => ({ id: `f-${i}`, ok: false, error: { code: "forbidden", message: "x" } })),
    ],
  });
  it("names the action, the count and whom", () => {
    expect(bulkSummary({ action: "assign", userId: "u", to: "Daniela Analista" }, result(3))).toBe(
      "3 casos atribuídos a Daniela Analista.",
    );
    expect(bulkSummary({ action: "assign", userId: "me", to: "você" }, result(2, 0, 1))).toBe("2 casos atribuídos a você, 1 falhou.");
    expect(bulkSummary({ action: "assign", userId: null, to: "" }, result(1))).toBe("1 caso liberado (sem responsável).");
    const decide = { action: "decide" as const, status: "REPROVED" as const, reasons: [], comment: "" };
    expect(bulkSummary(decide, result(2, 0, 1))).toBe("2 casos reprovados, 1 falhou.");
    expect(bulkSummary(decide, result(1, 2))).toBe("1 caso reprovado, 2 decisões propostas (Reprovar), aguardam 2ª revisão.");
    expect(bulkSummary({ ...decide, status: "STANDBY" }, result(0, 0, 2))).toBe("0 casos postos em espera, 2 falharam.");
  });
});

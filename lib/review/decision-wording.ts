// What the decision panel tells each person about deciding this case (issue 28, item 6): while a
// case awaited its second review an analyst read "Seu papel permite ver o histórico, sem decidir"
// (the role does decide) and a viewer "decidir pede para assumi-lo" (a viewer never decides). Each
// role, and the proposer, gets a sentence that is true for them.

export interface DecisionContext {
  /** The role decides (admin, analyst). */
  canDecide: boolean;
  /** An administrator (confirms or overturns, reassigns). */
  admin: boolean;
  /** The verification has ended (COMPLETED or FAILED): decisions are accepted. */
  decidable: boolean;
  /** A four-eyes proposal awaits its second review. */
  awaitingSecondReview: boolean;
  /** The caller made that proposal. */
  proposer: boolean;
  /** Who holds the case when it is someone else (display name), else null. */
  heldBy: string | null;
}

export interface DecisionWording {
  /** Under the panel's title. */
  description: string;
  /** A notice above the buttons (why deciding is held, or asks more), or null. */
  notice: string | null;
}

export function decisionWording(c: DecisionContext): DecisionWording {
  const shortcuts = "Atalhos: a, r, e, d · ? mostra todos";
  if (!c.canDecide) {
    const description = "Seu papel permite ver o histórico, sem decidir.";
    if (c.awaitingSecondReview)
      return {
        description,
        notice: "Uma decisão proposta aguarda a 2ª revisão de um administrador ou analista; seu papel permite acompanhá-la, sem revisar.",
      };
    return { description, notice: c.heldBy ? `Este caso está com ${c.heldBy}.` : null };
  }
  if (c.awaitingSecondReview) {
    if (c.proposer)
      return {
        description: "Você propôs uma decisão: ela aguarda a 2ª revisão de outra pessoa.",
        notice:
          "Outra pessoa (administrador ou analista) confirma ou recusa a sua proposta em Responsável. Até lá, o caso não recebe outra decisão.",
      };
    return {
      description: "Uma decisão proposta aguarda a 2ª revisão.",
      notice: c.admin
        ? "Como administrador, você pode confirmar ou recusar a decisão proposta em Responsável."
        : "Como analista, você pode confirmar ou recusar a decisão proposta em Responsável.",
    };
  }
  if (!c.decidable) return { description: "O caso pode ser decidido quando a verificação terminar.", notice: null };
  return {
    description: shortcuts,
    notice: c.heldBy ? `Este caso está com ${c.heldBy}: decidir pede para assumi-lo.` : null,
  };
}

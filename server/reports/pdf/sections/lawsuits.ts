// Lawsuits (counters and list) and the partners' lawsuits, from the dossier's typed view
// (lib/contract/dossier-read.ts): the lawsuits of any dataset version, read as the console and the
// summary read them.
import { LAWSUIT_SIDE_LABELS, lawsuitAreaLabel } from "../../../../lib/contract/labels";
import type { DossierLawsuits, DossierOwnersLawsuits } from "../../../../lib/contract/dossier-read";
import type { Writer } from "../layout";
import { cell, formatDate, formatMoney, maskedDocument, pluralize } from "../text";

/**
 * `ran`: the module is in the dossier; `lawsuits`: its block, null when it had no data; `block`:
 * the block as stored, printed as it is when it has neither lawsuits nor counters.
 */
export function lawsuitsBlock(w: Writer, ran: boolean, lawsuits: DossierLawsuits | null, block: unknown, title: string) {
  if (!ran) return;
  w.section(title);
  if (!lawsuits) return w.note("Módulo sem dados.");
  const counters = lawsuits.counters;
  if (counters) {
    w.pairs([
      ["Total", cell("n", counters.total)],
      ["Em andamento", cell("n", counters.active)],
      ["Como réu", cell("n", counters.asDefendant)],
      ["Como autor", cell("n", counters.asPlaintiff)],
      ["Por tribunal", counters.byCourt.map((c) => `${c.key} (${cell("n", c.count)})`).join(", ") || "—"],
      ["Por área", counters.byArea.map((a) => `${lawsuitAreaLabel(a.key)} (${cell("n", a.count)})`).join(", ") || "—"],
      ["Valor total das causas", formatMoney(counters.totalClaimValue)],
      ["Ativos como réu (valor)", formatMoney(counters.activeClaimValueAsDefendant)],
      ["Primeiro processo", formatDate(counters.firstFiledAt)],
      ["Último processo", formatDate(counters.lastFiledAt)],
    ]);
  }
  const items = lawsuits.items;
  if (items.length) {
    w.subheading("Processos");
    w.table(
      ["Número", "Trib.", "Polo", "Classe / assunto", "Situação", "Valor", "Distribuição"],
      items
        .slice(0, 60)
        .map((it) => [
          it.number ?? "—",
          it.court ?? "—",
          LAWSUIT_SIDE_LABELS[it.side] ?? "—",
          `${it.className ?? "—"} / ${it.subject ?? "—"}`,
          it.status ?? "—",
          formatMoney(it.claimValue),
          formatDate(it.filedAt),
        ]),
      [0.22, 0.07, 0.06, 0.29, 0.11, 0.13, 0.12],
    );
    if (items.length > 60) w.note(`E mais ${pluralize(items.length - 60, "processo não listado", "processos não listados")}.`);
  } else if (!counters) {
    w.generic(block);
  } else {
    w.note("Nenhum processo encontrado.");
  }
}

export function ownersLawsuitsBlock(w: Writer, ran: boolean, block: DossierOwnersLawsuits | null) {
  if (!ran) return;
  w.section("Processos dos sócios");
  if (!block) return w.note("Módulo sem dados.");
  w.pairs([
    ["Sócios", cell("n", block.totalOwners)],
    ["Sócios com processos", cell("n", block.ownersWithLawsuits)],
    ["Processos", cell("n", block.totalLawsuits)],
  ]);
  if (block.owners.length) {
    w.table(
      ["Sócio", "Documento", "Qualificação", "Processos", "Como réu", "Em andamento"],
      block.owners.map((o) => [
        o.name ?? "—",
        maskedDocument(o.document),
        cell("qualification", o.qualification),
        cell("n", o.counters?.total),
        cell("n", o.counters?.asDefendant),
        cell("n", o.counters?.active),
      ]),
      [0.3, 0.17, 0.2, 0.11, 0.11, 0.11],
    );
  }
}

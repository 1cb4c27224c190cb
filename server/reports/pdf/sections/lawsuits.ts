// Lawsuits (counters and list) and the partners' lawsuits.
import { LAWSUIT_SIDE_LABELS, lawsuitAreaLabel } from "../../../../lib/contract/labels";
import { readLawsuits } from "../../../../lib/contract/dossier-read";
import { arr, isObj, obj, str, num } from "../../../ai/facts";
import type { Writer } from "../layout";
import { cell, formatDate, formatMoney, maskedDocument, pluralize } from "../text";

export function lawsuitsBlock(w: Writer, block: unknown, title: string) {
  if (block === undefined) return;
  w.section(title);
  if (!isObj(block)) return w.note("Módulo sem dados.");
  const counters = obj(block.counters);
  if (Object.keys(counters).length) {
    w.pairs([
      ["Total", cell("n", counters.total)],
      ["Em andamento", cell("n", counters.active)],
      ["Como réu", cell("n", counters.asDefendant)],
      ["Como autor", cell("n", counters.asPlaintiff)],
      [
        "Por tribunal",
        Object.entries(obj(counters.byCourt))
          .map(([c, n]) => `${c} (${cell("n", n)})`)
          .join(", ") || "—",
      ],
      [
        "Por área",
        Object.entries(obj(counters.byArea))
          .map(([a, n]) => `${lawsuitAreaLabel(a)} (${cell("n", n)})`)
          .join(", ") || "—",
      ],
      ["Valor total das causas", formatMoney(num(counters.totalClaimValue))],
      ["Ativos como réu (valor)", formatMoney(num(counters.activeClaimValueAsDefendant))],
      ["Primeiro processo", formatDate(str(counters.firstFiledAt))],
      ["Último processo", formatDate(str(counters.lastFiledAt))],
    ]);
  }
  // the lawsuits of any dataset version, read as the console and the summary read them
  const items = readLawsuits(block);
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
  } else if (!Object.keys(counters).length) {
    w.generic(block);
  } else {
    w.note("Nenhum processo encontrado.");
  }
}

export function ownersLawsuitsBlock(w: Writer, block: unknown) {
  if (block === undefined) return;
  w.section("Processos dos sócios");
  if (!isObj(block)) return w.note("Módulo sem dados.");
  w.pairs([
    ["Sócios", cell("n", block.totalOwners)],
    ["Sócios com processos", cell("n", block.ownersWithLawsuits)],
    ["Processos", cell("n", block.totalLawsuits)],
  ]);
  const owners = arr(block.owners).map(obj);
  if (owners.length) {
    w.table(
      ["Sócio", "Documento", "Qualificação", "Processos", "Como réu", "Em andamento"],
      owners.map((o) => {
        const c = obj(o.counters);
        return [
          str(o.name) ?? "—",
          maskedDocument(str(o.document)),
          cell("qualification", o.qualification),
          cell("n", c.total),
          cell("n", c.asDefendant),
          cell("n", c.active),
        ];
      }),
      [0.3, 0.17, 0.2, 0.11, 0.11, 0.11],
    );
  }
}

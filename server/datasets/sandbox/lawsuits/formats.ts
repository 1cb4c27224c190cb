// The three lawsuits dataset versions:
// 1.0 legacy: a minimal list in Portuguese (numero, tribunal, classe, polo, situacao, DD/MM/YYYY).
// 2.0: counters plus `items` classified in the CNJ taxonomy (segment, court, class, subject).
// 3.0: 2.0 plus risk indicators ({risky, value}) and the parties of each lawsuit.

import { brDate } from "../core/calendar";
import type { Entity } from "../../types";
import { moduleData } from "../module-data";
import { countLawsuits, lawsuitIndicators, lawsuitRules } from "./counters";
import { lawsuitsOf, type Lawsuit } from "./generate";

export function lawsuitItemV1(lawsuit: Lawsuit) {
  return {
    numero: lawsuit.number,
    tribunal: lawsuit.court.code,
    classe: lawsuit.class.name,
    assunto: lawsuit.subject.name,
    polo: lawsuit.side === "plaintiff" ? "ATIVO" : "PASSIVO",
    situacao: lawsuit.status.toUpperCase(),
    dataDistribuicao: brDate(lawsuit.filedAt),
    valorCausa: lawsuit.claimValue,
  };
}

export function lawsuitItemV2(lawsuit: Lawsuit) {
  return {
    number: lawsuit.number,
    segment: lawsuit.court.segment,
    court: { code: lawsuit.court.code, name: lawsuit.court.name, justice: lawsuit.court.j, tr: lawsuit.court.tr },
    unit: lawsuit.unit,
    city: lawsuit.city,
    state: lawsuit.state,
    class: lawsuit.class,
    subject: lawsuit.subject,
    area: lawsuit.area,
    side: lawsuit.side,
    status: lawsuit.status,
    claimValue: lawsuit.claimValue,
    filedAt: lawsuit.filedAt,
    lastMovementAt: lawsuit.lastMovementAt,
  };
}

export function lawsuitItemV3(lawsuit: Lawsuit) {
  return {
    ...lawsuitItemV2(lawsuit),
    parties: lawsuit.parties.map(({ name, document, entity, side, role, isHolder }) => ({ name, document, entity, side, role, isHolder })),
  };
}

export function lawsuitsBlock(version: string, lawsuits: readonly Lawsuit[]) {
  switch (version) {
    case "1.0":
      return { totalProcessos: lawsuits.length, processos: lawsuits.map(lawsuitItemV1) };
    case "2.0":
      return { counters: countLawsuits(lawsuits), items: lawsuits.map(lawsuitItemV2) };
    default:
      return { counters: countLawsuits(lawsuits), indicators: lawsuitIndicators(lawsuits), items: lawsuits.map(lawsuitItemV3) };
  }
}

export function buildLawsuits(entity: Entity, version: string, document: string) {
  const lawsuits = lawsuitsOf(document, entity);
  return moduleData(entity, "lawsuits", version, lawsuitsBlock(version, lawsuits), lawsuitRules(lawsuits));
}

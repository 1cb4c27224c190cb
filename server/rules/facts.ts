// The facts a rule may read (docs/rules.md, "Facts"): a typed catalog per entity, and the
// extractor that reads them from a verification's dossier once, when it completes (stored in
// verification_facts with EXTRACTOR_VERSION; older verifications are backfilled by the sweep).
// A fact the dossier lacks (a module not collected, a field the provider did not send) is null:
// a condition that reads it does not fire (server/rules/cel.ts).
import type { Fact, FactType, FactValue } from "../../lib/contract/rules";

/** Bump when a fact is added or read differently: rows of an older version are extracted again by the backfill. */
export const EXTRACTOR_VERSION = 1;

export type Entity = "person" | "company";
export type Facts = Record<string, FactValue>;

type Def = Omit<Fact, "name"> & { read: (d: Dossier) => FactValue };

interface Dossier {
  dossier: Record<string, unknown>;
  rules: FiredDatasetRules;
  at: Date;
}

/** The rules the datasets fired: each code once, and each module's as "module.code", in the modules' order. */
export interface FiredDatasetRules {
  codes: string[];
  moduleRules: string[];
}

// --- reading the dossier without trusting its shape -------------------------------------------

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : null);
const at = (v: unknown, ...path: string[]): unknown => {
  let cur: unknown = v;
  for (const key of path) {
    const o = obj(cur);
    if (!o) return null;
    cur = o[key];
  }
  return cur ?? null;
};
const num = (v: unknown): number | null => {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return null;
};
const int = (v: unknown): number | null => {
  const n = num(v);
  return n === null ? null : Math.trunc(n);
};
const bool = (v: unknown): boolean | null => (typeof v === "boolean" ? v : null);
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
const list = (v: unknown): unknown[] | null => (Array.isArray(v) ? v : null);
const count = (v: unknown): number | null => list(v)?.length ?? null;
const date = (v: unknown): string | null => {
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(v)) return null;
  const t = Date.parse(v.length === 10 ? `${v}T00:00:00Z` : v);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
};
const daysSince = (v: unknown, now: Date): number | null => {
  const iso = date(v);
  return iso === null ? null : Math.floor((now.getTime() - Date.parse(iso)) / 86_400_000);
};
/** Items of a lawsuits block as a party on `side`, in `area` when given. */
const lawsuitsAs = (block: unknown, side: string, area?: string): number | null => {
  const items = list(at(block, "items"));
  if (!items) return null;
  return items.filter((i) => at(i, "side") === side && (area === undefined || at(i, "area") === area)).length;
};
const sanctioned = (profile: unknown): boolean | null => {
  if (!obj(profile)) return null;
  const listings = list(at(profile, "blacklisted", "serviceListings"));
  if (listings && listings.length > 0) return true;
  const type = str(at(profile, "blacklisted", "serviceType")) ?? "";
  return /CEIS|CNEP/i.test(type);
};
const section = (name: string) => (d: Dossier) => d.dossier[name] ?? null;
const profile = section("profile");
const finance = section("finance");
const lawsuits = section("lawsuits");
const related = section("related");
const advanced = section("financeAdvanced");
const owners = section("ownersLawsuits");
const face = section("faceRecognition");
const cnh = section("cnh");

const datasetRules: Record<string, Def> = {
  "dataset.rules": {
    type: "list<string>",
    label: "Regras do dataset",
    description:
      "Códigos das regras que os próprios datasets dispararam (lib/contract/rule-catalog.ts), cada um uma vez, na ordem dos módulos",
    module: "dataset",
    read: (d) => d.rules.codes,
  },
  "dataset.moduleRules": {
    type: "list<string>",
    label: "Regras do dataset por módulo",
    description:
      'As mesmas regras com o módulo que as disparou, "módulo.código" (ex.: "financeAdvanced.has_protests"): um código disparado por dois módulos aparece duas vezes',
    module: "dataset",
    read: (d) => d.rules.moduleRules,
  },
};

const shared = (e: Entity): Record<string, Def> => ({
  [`${e}.onWorkspaceList`]: {
    type: "bool",
    label: "Na lista restritiva do workspace",
    description: "O documento tinha entrada ativa na lista restritiva deste workspace quando a verificação terminou",
    module: "profile",
    read: (d) => (obj(profile(d)) ? at(profile(d), "blacklisted", "client") === true : null),
  },
  [`${e}.onServiceList`]: {
    type: "bool",
    label: "Na lista restritiva do serviço",
    description: "O documento consta da lista restritiva do provedor de dados",
    module: "profile",
    read: (d) => (obj(profile(d)) ? at(profile(d), "blacklisted", "service") === true : null),
  },
  [`${e}.sanctioned`]: {
    type: "bool",
    label: "Sanção CEIS/CNEP vigente",
    description: "O documento tem sanção em vigor no CEIS ou no CNEP (lista do serviço)",
    module: "profile",
    read: (d) => sanctioned(profile(d)),
  },
  [`${e}.relatedOnWorkspaceList`]: {
    type: "int",
    label: "Relacionados na lista do workspace",
    description: "Pessoas e empresas relacionadas com entrada ativa na lista restritiva deste workspace",
    module: "profile",
    read: (d) => {
      const p = profile(d);
      if (!obj(p)) return null;
      return (
        (int(at(p, "indicators", "blacklistedRelated", "value")) ?? 0) + (int(at(p, "indicators", "blacklistedCompanies", "value")) ?? 0)
      );
    },
  },
  [`${e}.lawsuits`]: {
    type: "int",
    label: "Processos",
    description: "Processos judiciais em que o documento é parte",
    module: "lawsuits",
    read: (d) => int(at(lawsuits(d), "counters", "total")),
  },
  [`${e}.lawsuitsAsDefendant`]: {
    type: "int",
    label: "Processos como réu",
    description: "Processos em que o documento está no polo passivo",
    module: "lawsuits",
    read: (d) => int(at(lawsuits(d), "counters", "asDefendant")),
  },
  [`${e}.activeLawsuitsAsDefendant`]: {
    type: "int",
    label: "Processos ativos como réu",
    description: "Processos em andamento no polo passivo",
    module: "lawsuits",
    read: (d) => int(at(lawsuits(d), "indicators", "activeAsDefendant", "value")),
  },
  [`${e}.criminalLawsuitsAsDefendant`]: {
    type: "int",
    label: "Processos criminais como réu",
    description: "Processos da área criminal no polo passivo",
    module: "lawsuits",
    read: (d) => lawsuitsAs(lawsuits(d), "defendant", "criminal"),
  },
  [`${e}.taxEnforcements`]: {
    type: "int",
    label: "Execuções fiscais",
    description: "Processos de execução fiscal contra o documento",
    module: "lawsuits",
    read: (d) => int(at(lawsuits(d), "indicators", "taxEnforcement", "value")),
  },
  [`${e}.activeClaimValueAsDefendant`]: {
    type: "double",
    label: "Valor em causa como réu (ativos)",
    description: "Soma dos valores das causas em andamento no polo passivo, em reais",
    module: "lawsuits",
    read: (d) => num(at(lawsuits(d), "counters", "activeClaimValueAsDefendant")),
  },
  [`${e}.relatedCompanies`]: {
    type: "int",
    label: "Empresas relacionadas",
    description: "Empresas relacionadas ao documento (sociedades, vínculos, representações)",
    module: "related",
    read: (d) => int(at(related(d), "totals", "companies")),
  },
  [`${e}.relatedWithLawsuits`]: {
    type: "int",
    label: "Relacionados com processos",
    description: "Relacionados que são parte em processos",
    module: "related",
    read: (d) => int(at(related(d), "indicators", "relatedWithLawsuits", "value")),
  },
  [`${e}.inactiveRelatedCompanies`]: {
    type: "int",
    label: "Empresas relacionadas inativas",
    description: "Empresas relacionadas cuja situação cadastral não é Ativa",
    module: "related",
    read: (d) => int(at(related(d), "indicators", "inactiveCompanies", "value")),
  },
  [`${e}.negativeRecords`]: {
    type: "int",
    label: "Negativações",
    description: "Registros negativos de crédito (módulo financeAdvanced)",
    module: "financeAdvanced",
    read: (d) => int(at(advanced(d), "summary", "negativeRecords")),
  },
  [`${e}.negativeAmount`]: {
    type: "double",
    label: "Valor negativado",
    description: "Soma dos valores negativados, em reais",
    module: "financeAdvanced",
    read: (d) => num(at(advanced(d), "summary", "negativeAmount")),
  },
  [`${e}.protests`]: {
    type: "int",
    label: "Protestos",
    description: "Títulos protestados em cartório",
    module: "financeAdvanced",
    read: (d) => int(at(advanced(d), "summary", "protests")),
  },
});

const PERSON: Record<string, Def> = {
  "person.age": {
    type: "int",
    label: "Idade",
    description: "Idade em anos, do cadastro",
    module: "profile",
    read: (d) => int(at(profile(d), "age")),
  },
  "person.birthDate": {
    type: "timestamp",
    label: "Data de nascimento",
    description: "Data de nascimento do cadastro (meia-noite UTC)",
    module: "profile",
    read: (d) => date(at(profile(d), "birthDate")),
  },
  "person.deceased": {
    type: "bool",
    label: "Falecido",
    description: "O CPF consta como de titular falecido ou há registro de óbito",
    module: "profile",
    read: (d) => bool(at(profile(d), "obitFlag")),
  },
  "person.fiscalStatus": {
    type: "string",
    label: "Situação cadastral",
    description: "Situação do CPF na Receita (Regular, Suspensa, Pendente de regularização, Cancelada, Nula, Titular falecido)",
    module: "profile",
    read: (d) => str(at(profile(d), "fiscalStatus")),
  },
  "person.gender": {
    type: "string",
    label: "Sexo",
    description: "F ou M, do cadastro",
    module: "profile",
    read: (d) => str(at(profile(d), "gender")),
  },
  "person.motherNameInformed": {
    type: "bool",
    label: "Nome da mãe informado",
    description: "O cadastro traz o nome da mãe",
    module: "profile",
    read: (d) => (obj(profile(d)) ? str(at(profile(d), "motherName")) !== null : null),
  },
  "person.income": {
    type: "double",
    label: "Renda estimada",
    description: "Renda mensal estimada, em reais",
    module: "finance",
    read: (d) => num(at(finance(d), "salary")),
  },
  "person.incomeBand": {
    type: "string",
    label: "Faixa de renda",
    description: "Faixa de renda estimada, em salários mínimos (ex.: DE 1 A 3 SM)",
    module: "finance",
    read: (d) => str(at(finance(d), "income")),
  },
  "person.assistancePrograms": {
    type: "int",
    label: "Programas sociais ativos",
    description: "Benefícios ativos de programas de assistência social",
    module: "finance",
    read: (d) => int(at(finance(d), "assistancePrograms", "totalActive")),
  },
  "person.taxReturns": {
    type: "int",
    label: "Declarações de IR",
    description: "Declarações de imposto de renda encontradas",
    module: "finance",
    read: (d) => count(at(finance(d), "taxReturns")),
  },
  "person.collections": {
    type: "int",
    label: "Cobranças",
    description: "Cobranças registradas contra o titular",
    module: "finance",
    read: (d) => int(at(finance(d), "collections", "total")),
  },
  "person.criminalLawsuits": {
    type: "int",
    label: "Processos criminais",
    description: "Processos da área criminal envolvendo o titular, em qualquer polo",
    module: "lawsuits",
    read: (d) => int(at(lawsuits(d), "indicators", "criminal", "value")),
  },
  "person.labourLawsuitsAsDefendant": {
    type: "int",
    label: "Processos trabalhistas como réu",
    description: "Processos trabalhistas no polo passivo",
    module: "lawsuits",
    read: (d) => int(at(lawsuits(d), "indicators", "labourAsDefendant", "value")),
  },
  "person.relatedPersons": {
    type: "int",
    label: "Pessoas relacionadas",
    description: "Parentes, sócios e outras pessoas relacionadas",
    module: "related",
    read: (d) => int(at(related(d), "totals", "persons")),
  },
  ...shared("person"),
  "person.faceMatch": {
    type: "bool",
    label: "Rosto confere",
    description: "A foto enviada confere com o rosto de referência (null: biometria não pedida ou sem referência)",
    module: "faceRecognition",
    read: (d) => (at(face(d), "comparedWith") === null ? null : bool(at(face(d), "match"))),
  },
  "person.faceSimilarity": {
    type: "double",
    label: "Semelhança facial",
    description: "Semelhança entre a foto enviada e o rosto de referência, de 0 a 1",
    module: "faceRecognition",
    read: (d) => num(at(face(d), "similarity")),
  },
  "person.cnhDivergent": {
    type: "bool",
    label: "CNH diverge do cadastro",
    description: "O nome, o CPF ou a data de nascimento lidos na CNH diferem do cadastro (null: CNH não enviada)",
    module: "cnh",
    read: (d) => {
      const comparison = obj(at(cnh(d), "comparison"));
      return comparison ? Object.values(comparison).includes("different") : null;
    },
  },
  "person.cnhExpired": {
    type: "bool",
    label: "CNH vencida",
    description: "A validade lida na CNH já passou (null: CNH não enviada ou validade ilegível)",
    module: "cnh",
    read: (d) => bool(at(cnh(d), "expired")),
  },
  ...datasetRules,
};

const COMPANY: Record<string, Def> = {
  "company.status": {
    type: "string",
    label: "Situação cadastral",
    description: "Situação do CNPJ na Receita (Ativa, Baixada, Inapta, Suspensa, Nula)",
    module: "profile",
    read: (d) => str(at(profile(d), "registrationStatus")),
  },
  "company.active": {
    type: "bool",
    label: "Empresa ativa",
    description: "A situação cadastral é Ativa",
    module: "profile",
    read: (d) => {
      const s = str(at(profile(d), "registrationStatus"));
      return s === null ? null : s.toLowerCase() === "ativa";
    },
  },
  "company.openedAt": {
    type: "timestamp",
    label: "Data de abertura",
    description: "Data de abertura do CNPJ (meia-noite UTC)",
    module: "profile",
    read: (d) => date(at(profile(d), "openingDate")),
  },
  "company.ageDays": {
    type: "int",
    label: "Idade em dias",
    description: "Dias entre a abertura do CNPJ e o fim da verificação",
    module: "profile",
    read: (d) => daysSince(at(profile(d), "openingDate"), d.at),
  },
  "company.shareCapital": {
    type: "double",
    label: "Capital social",
    description: "Capital social, em reais",
    module: "profile",
    read: (d) => num(at(profile(d), "shareCapital")),
  },
  "company.partners": {
    type: "int",
    label: "Sócios",
    description: "Sócios no quadro societário",
    module: "profile",
    read: (d) => count(at(profile(d), "partners")),
  },
  "company.deceasedPartners": {
    type: "int",
    label: "Sócios falecidos",
    description: "Sócios do quadro societário que constam como falecidos",
    module: "profile",
    read: (d) => int(at(profile(d), "indicators", "deceasedPartner", "value")),
  },
  "company.primaryCnae": {
    type: "string",
    label: "CNAE principal",
    description: "Código da atividade principal (ex.: 6204-0/00)",
    module: "profile",
    read: (d) => str(at(profile(d), "mainActivity", "code")),
  },
  "company.size": {
    type: "string",
    label: "Porte",
    description: "Porte da empresa (MEI, ME, EPP, DEMAIS)",
    module: "profile",
    read: (d) => str(at(profile(d), "size")),
  },
  "company.legalNature": {
    type: "string",
    label: "Natureza jurídica",
    description: "Código da natureza jurídica (ex.: 2062 sociedade limitada)",
    module: "profile",
    read: (d) => str(at(profile(d), "legalNature", "code")),
  },
  "company.headOffice": {
    type: "bool",
    label: "Matriz",
    description: "O CNPJ é da matriz",
    module: "profile",
    read: (d) => bool(at(profile(d), "headOffice")),
  },
  "company.taxRegime": {
    type: "string",
    label: "Regime tributário",
    description: "Regime tributário declarado (ex.: SIMPLES NACIONAL, LUCRO PRESUMIDO, MEI)",
    module: "finance",
    read: (d) => str(at(finance(d), "regimeTributario")),
  },
  "company.simples": {
    type: "bool",
    label: "Optante do Simples",
    description: "A empresa é optante do Simples Nacional (o MEI incluído)",
    module: "finance",
    read: (d) => {
      const regime = str(at(finance(d), "regimeTributario"));
      return regime === null ? null : /SIMPLES|MEI/i.test(regime);
    },
  },
  "company.employees": {
    type: "int",
    label: "Funcionários",
    description: "Quantidade estimada de funcionários",
    module: "finance",
    read: (d) => int(at(finance(d), "quantidadeFuncionarios")),
  },
  "company.activeTaxDebt": {
    type: "bool",
    label: "Dívida ativa",
    description: "Débitos inscritos em dívida ativa",
    module: "finance",
    read: (d) => bool(at(finance(d), "dividaAtiva", "possui")),
  },
  "company.fgtsRegular": {
    type: "bool",
    label: "FGTS regular",
    description: "O certificado de regularidade do FGTS está em dia",
    module: "finance",
    read: (d) => {
      const s = str(at(finance(d), "regularidadeFgts"));
      return s === null ? null : s.toUpperCase() === "REGULAR";
    },
  },
  "company.ownersWithLawsuits": {
    type: "int",
    label: "Sócios com processos",
    description: "Sócios que são parte em processos",
    module: "ownersLawsuits",
    read: (d) => int(at(owners(d), "ownersWithLawsuits")),
  },
  "company.ownersWithCriminalLawsuits": {
    type: "int",
    label: "Sócios com processo criminal",
    description: "Sócios com processo na área criminal",
    module: "ownersLawsuits",
    read: (d) => {
      const list_ = list(at(owners(d), "owners"));
      return list_ ? list_.filter((o) => at(o, "indicators", "criminal", "risky") === true).length : null;
    },
  },
  ...shared("company"),
  ...datasetRules,
};

const CATALOG: Record<Entity, Record<string, Def>> = { person: PERSON, company: COMPANY };

export function factCatalog(entity: Entity): Fact[] {
  return Object.entries(CATALOG[entity]).map(([name, { type, label, description, module }]) => ({
    name,
    type,
    label,
    description,
    module,
  }));
}

/** A fact's pt-BR label (the catalog's), whichever entity names it; the name itself when unknown. */
export function factLabel(name: string): string {
  return CATALOG.person[name]?.label ?? CATALOG.company[name]?.label ?? name;
}

export function factTypes(entity: Entity): Map<string, FactType> {
  return new Map(Object.entries(CATALOG[entity]).map(([name, def]) => [name, def.type]));
}

/**
 * The facts of a completed verification: its dossier, the dataset rules that fired (each module's,
 * in the modules' order, with the restrictive list's), and when it completed (ages are counted to it).
 */
export function extractFacts(entity: Entity, dossier: Record<string, unknown>, rules: FiredDatasetRules, completedAt: Date): Facts {
  const input: Dossier = { dossier, rules, at: completedAt };
  const facts: Facts = {};
  for (const [name, def] of Object.entries(CATALOG[entity])) facts[name] = def.read(input);
  return facts;
}

// Brazilian states with what the sandbox needs to keep a holder consistent: the CPF fiscal
// region that issues documents there, the state court number (CNJ "TR" for segment 8), the
// labour (TRT) and federal (TRF) regions, and a few cities with their CEP prefix range and
// phone area code. CEP ranges and area codes are the real ones (see docs/sandbox.md).

export interface City {
  name: string;
  /** Inclusive range of the first five CEP digits. */
  cep: readonly [number, number];
  /** Phone area code (DDD). */
  ddd: string;
  /** Labour court region when it differs from the state's (SP interior is TRT 15). */
  trt?: number;
}

export interface StateInfo {
  uf: string;
  name: string;
  /** "de São Paulo", "do Rio de Janeiro": how court names refer to the state. */
  of: string;
  /** CPF 9th digit of the fiscal region covering the state. */
  fiscalRegion: number;
  /** TR of the state court (Tribunal de Justiça) in CNJ numbers, segment 8. */
  tj: number;
  trt: number;
  trf: number;
  /** Population in millions: weights a person's state inside a fiscal region. */
  population: number;
  /** Share of companies (rough GDP share): weights a company's state. */
  business: number;
  cities: readonly City[];
}

const c = (name: string, from: number, to: number, ddd: string, trt?: number): City =>
  trt === undefined ? { name, cep: [from, to], ddd } : { name, cep: [from, to], ddd, trt };

export const STATES: readonly StateInfo[] = [
  {
    uf: "AC",
    name: "Acre",
    of: "do Acre",
    fiscalRegion: 2,
    tj: 1,
    trt: 14,
    trf: 1,
    population: 0.9,
    business: 0.2,
    cities: [c("Rio Branco", 69900, 69923, "68"), c("Cruzeiro do Sul", 69980, 69981, "68")],
  },
  {
    uf: "AL",
    name: "Alagoas",
    of: "de Alagoas",
    fiscalRegion: 4,
    tj: 2,
    trt: 19,
    trf: 5,
    population: 3.1,
    business: 0.8,
    cities: [c("Maceió", 57000, 57099, "82"), c("Arapiraca", 57300, 57319, "82")],
  },
  {
    uf: "AP",
    name: "Amapá",
    of: "do Amapá",
    fiscalRegion: 2,
    tj: 3,
    trt: 8,
    trf: 1,
    population: 0.7,
    business: 0.2,
    cities: [c("Macapá", 68900, 68914, "96"), c("Santana", 68925, 68929, "96")],
  },
  {
    uf: "AM",
    name: "Amazonas",
    of: "do Amazonas",
    fiscalRegion: 2,
    tj: 4,
    trt: 11,
    trf: 1,
    population: 3.9,
    business: 1.5,
    cities: [c("Manaus", 69000, 69099, "92"), c("Parintins", 69150, 69154, "92")],
  },
  {
    uf: "BA",
    name: "Bahia",
    of: "da Bahia",
    fiscalRegion: 5,
    tj: 5,
    trt: 5,
    trf: 1,
    population: 14.1,
    business: 4,
    cities: [
      c("Salvador", 40000, 42599, "71"),
      c("Feira de Santana", 44000, 44099, "75"),
      c("Vitória da Conquista", 45000, 45099, "77"),
      c("Ilhéus", 45650, 45664, "73"),
    ],
  },
  {
    uf: "CE",
    name: "Ceará",
    of: "do Ceará",
    fiscalRegion: 3,
    tj: 6,
    trt: 7,
    trf: 5,
    population: 8.8,
    business: 2,
    cities: [c("Fortaleza", 60000, 61599, "85"), c("Juazeiro do Norte", 63000, 63058, "88"), c("Sobral", 62000, 62119, "88")],
  },
  {
    uf: "DF",
    name: "Distrito Federal",
    of: "do Distrito Federal e dos Territórios",
    fiscalRegion: 1,
    tj: 7,
    trt: 10,
    trf: 1,
    population: 2.8,
    business: 3.5,
    cities: [c("Brasília", 70000, 72799, "61")],
  },
  {
    uf: "ES",
    name: "Espírito Santo",
    of: "do Espírito Santo",
    fiscalRegion: 7,
    tj: 8,
    trt: 17,
    trf: 2,
    population: 3.8,
    business: 2,
    cities: [
      c("Vitória", 29000, 29099, "27"),
      c("Vila Velha", 29100, 29129, "27"),
      c("Serra", 29160, 29184, "27"),
      c("Cachoeiro de Itapemirim", 29300, 29319, "28"),
    ],
  },
  {
    uf: "GO",
    name: "Goiás",
    of: "de Goiás",
    fiscalRegion: 1,
    tj: 9,
    trt: 18,
    trf: 1,
    population: 7.1,
    business: 3,
    cities: [
      c("Goiânia", 74000, 74899, "62"),
      c("Aparecida de Goiânia", 74900, 74999, "62"),
      c("Anápolis", 75000, 75159, "62"),
      c("Rio Verde", 75900, 75909, "64"),
    ],
  },
  {
    uf: "MA",
    name: "Maranhão",
    of: "do Maranhão",
    fiscalRegion: 3,
    tj: 10,
    trt: 16,
    trf: 1,
    population: 6.8,
    business: 1.3,
    cities: [c("São Luís", 65000, 65099, "98"), c("Imperatriz", 65900, 65919, "99")],
  },
  {
    uf: "MT",
    name: "Mato Grosso",
    of: "de Mato Grosso",
    fiscalRegion: 1,
    tj: 11,
    trt: 23,
    trf: 1,
    population: 3.7,
    business: 2,
    cities: [c("Cuiabá", 78000, 78109, "65"), c("Várzea Grande", 78110, 78159, "65"), c("Rondonópolis", 78700, 78759, "66")],
  },
  {
    uf: "MS",
    name: "Mato Grosso do Sul",
    of: "de Mato Grosso do Sul",
    fiscalRegion: 1,
    tj: 12,
    trt: 24,
    trf: 3,
    population: 2.8,
    business: 1.5,
    cities: [c("Campo Grande", 79000, 79129, "67"), c("Dourados", 79800, 79849, "67")],
  },
  {
    uf: "MG",
    name: "Minas Gerais",
    of: "de Minas Gerais",
    fiscalRegion: 6,
    tj: 13,
    trt: 3,
    trf: 6,
    population: 20.5,
    business: 9,
    cities: [
      c("Belo Horizonte", 30000, 31999, "31"),
      c("Contagem", 32000, 32399, "31"),
      c("Uberlândia", 38400, 38415, "34"),
      c("Juiz de Fora", 36000, 36099, "32"),
      c("Montes Claros", 39400, 39409, "38"),
    ],
  },
  {
    uf: "PA",
    name: "Pará",
    of: "do Pará",
    fiscalRegion: 2,
    tj: 14,
    trt: 8,
    trf: 1,
    population: 8.1,
    business: 2.5,
    cities: [
      c("Belém", 66000, 66999, "91"),
      c("Ananindeua", 67000, 67199, "91"),
      c("Santarém", 68000, 68109, "93"),
      c("Marabá", 68500, 68509, "94"),
    ],
  },
  {
    uf: "PB",
    name: "Paraíba",
    of: "da Paraíba",
    fiscalRegion: 4,
    tj: 15,
    trt: 13,
    trf: 5,
    population: 4,
    business: 0.9,
    cities: [c("João Pessoa", 58000, 58099, "83"), c("Campina Grande", 58400, 58439, "83")],
  },
  {
    uf: "PR",
    name: "Paraná",
    of: "do Paraná",
    fiscalRegion: 9,
    tj: 16,
    trt: 9,
    trf: 4,
    population: 11.4,
    business: 6.5,
    cities: [
      c("Curitiba", 80000, 82999, "41"),
      c("Londrina", 86000, 86099, "43"),
      c("Maringá", 87000, 87099, "44"),
      c("Ponta Grossa", 84000, 84099, "42"),
      c("Cascavel", 85800, 85824, "45"),
    ],
  },
  {
    uf: "PE",
    name: "Pernambuco",
    of: "de Pernambuco",
    fiscalRegion: 4,
    tj: 17,
    trt: 6,
    trf: 5,
    population: 9.1,
    business: 2.5,
    cities: [
      c("Recife", 50000, 52999, "81"),
      c("Jaboatão dos Guararapes", 54000, 54499, "81"),
      c("Caruaru", 55000, 55099, "81"),
      c("Petrolina", 56300, 56399, "87"),
    ],
  },
  {
    uf: "PI",
    name: "Piauí",
    of: "do Piauí",
    fiscalRegion: 3,
    tj: 18,
    trt: 22,
    trf: 1,
    population: 3.3,
    business: 0.7,
    cities: [c("Teresina", 64000, 64099, "86"), c("Parnaíba", 64200, 64219, "86"), c("Picos", 64600, 64608, "89")],
  },
  {
    uf: "RJ",
    name: "Rio de Janeiro",
    of: "do Rio de Janeiro",
    fiscalRegion: 7,
    tj: 19,
    trt: 1,
    trf: 2,
    population: 16,
    business: 11,
    cities: [
      c("Rio de Janeiro", 20000, 23799, "21"),
      c("Niterói", 24000, 24399, "21"),
      c("Nova Iguaçu", 26000, 26099, "21"),
      c("Petrópolis", 25600, 25779, "24"),
      c("Campos dos Goytacazes", 28000, 28099, "22"),
    ],
  },
  {
    uf: "RN",
    name: "Rio Grande do Norte",
    of: "do Rio Grande do Norte",
    fiscalRegion: 4,
    tj: 20,
    trt: 21,
    trf: 5,
    population: 3.3,
    business: 0.9,
    cities: [c("Natal", 59000, 59161, "84"), c("Mossoró", 59600, 59649, "84")],
  },
  {
    uf: "RS",
    name: "Rio Grande do Sul",
    of: "do Rio Grande do Sul",
    fiscalRegion: 0,
    tj: 21,
    trt: 4,
    trf: 4,
    population: 10.9,
    business: 6.5,
    cities: [
      c("Porto Alegre", 90000, 91999, "51"),
      c("Caxias do Sul", 95000, 95124, "54"),
      c("Pelotas", 96000, 96099, "53"),
      c("Santa Maria", 97000, 97119, "55"),
    ],
  },
  {
    uf: "RO",
    name: "Rondônia",
    of: "de Rondônia",
    fiscalRegion: 2,
    tj: 22,
    trt: 14,
    trf: 1,
    population: 1.6,
    business: 0.7,
    cities: [c("Porto Velho", 76800, 76834, "69"), c("Ji-Paraná", 76900, 76919, "69")],
  },
  {
    uf: "RR",
    name: "Roraima",
    of: "de Roraima",
    fiscalRegion: 2,
    tj: 23,
    trt: 11,
    trf: 1,
    population: 0.6,
    business: 0.2,
    cities: [c("Boa Vista", 69300, 69339, "95")],
  },
  {
    uf: "SC",
    name: "Santa Catarina",
    of: "de Santa Catarina",
    fiscalRegion: 9,
    tj: 24,
    trt: 12,
    trf: 4,
    population: 7.6,
    business: 4.5,
    cities: [
      c("Florianópolis", 88000, 88099, "48"),
      c("Joinville", 89200, 89239, "47"),
      c("Blumenau", 89000, 89099, "47"),
      c("Chapecó", 89800, 89816, "49"),
    ],
  },
  {
    uf: "SE",
    name: "Sergipe",
    of: "de Sergipe",
    fiscalRegion: 5,
    tj: 25,
    trt: 20,
    trf: 5,
    population: 2.2,
    business: 0.6,
    cities: [c("Aracaju", 49000, 49099, "79"), c("Lagarto", 49400, 49409, "79")],
  },
  {
    uf: "SP",
    name: "São Paulo",
    of: "de São Paulo",
    fiscalRegion: 8,
    tj: 26,
    trt: 2,
    trf: 3,
    population: 44.4,
    business: 31,
    cities: [
      c("São Paulo", 1000, 5999, "11"),
      c("Guarulhos", 7000, 7399, "11"),
      c("Santos", 11000, 11249, "13"),
      c("Campinas", 13000, 13139, "19", 15),
      c("Ribeirão Preto", 14000, 14114, "16", 15),
      c("Sorocaba", 18000, 18109, "15", 15),
      c("São José dos Campos", 12200, 12248, "12", 15),
    ],
  },
  {
    uf: "TO",
    name: "Tocantins",
    of: "do Tocantins",
    fiscalRegion: 1,
    tj: 27,
    trt: 10,
    trf: 1,
    population: 1.5,
    business: 0.6,
    cities: [c("Palmas", 77000, 77270, "63"), c("Araguaína", 77800, 77829, "63")],
  },
];

const BY_UF = new Map(STATES.map((state) => [state.uf, state]));

export function stateByUf(uf: string): StateInfo {
  const state = BY_UF.get(uf);
  if (!state) throw new Error(`unknown state ${uf}`);
  return state;
}

const BY_REGION = new Map<number, StateInfo[]>();
for (const state of STATES) BY_REGION.set(state.fiscalRegion, [...(BY_REGION.get(state.fiscalRegion) ?? []), state]);

/** States whose CPFs carry this 9th digit (the fiscal region), e.g. 7 -> ES, RJ. */
export function statesOfFiscalRegion(region: number): readonly StateInfo[] {
  return BY_REGION.get(region) ?? [];
}

const POPULATION_BY_REGION = new Map([...BY_REGION].map(([region, states]) => [region, states.map((s) => [s, s.population] as const)]));

/** [state, population] pairs of a fiscal region, for Rng.weighted(). */
export function populationWeights(region: number): readonly (readonly [StateInfo, number])[] {
  return POPULATION_BY_REGION.get(region) ?? [];
}

/** [state, business share] pairs of all states, for Rng.weighted(). */
export const BUSINESS_WEIGHTS: readonly (readonly [StateInfo, number])[] = STATES.map((s) => [s, s.business] as const);

/** "8.26" for TJSP: segment 8 (state courts) and the state's court number. */
export function stateCourtCode(state: StateInfo): string {
  return `8.${String(state.tj).padStart(2, "0")}`;
}

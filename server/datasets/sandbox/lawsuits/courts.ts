// Courts of the national judiciary as they appear in CNJ numbers: state courts (J = 8, TR =
// the state's number: 8.26 TJSP, 8.19 TJRJ, 8.13 TJMG), labour courts (J = 5, TR = TRT region)
// and federal courts (J = 4, TR = TRF region). A holder's lawsuits are filed where they live.

import type { City, StateInfo } from "../geo/states";

export type JusticeSegment = "state" | "labour" | "federal";

export interface Court {
  /** "TJSP", "TRT2", "TRF3". */
  code: string;
  name: string;
  segment: JusticeSegment;
  /** CNJ J digit. */
  j: number;
  /** CNJ TR number. */
  tr: number;
}

const SEGMENT_DIGIT: Record<JusticeSegment, number> = { federal: 4, labour: 5, state: 8 };

export function courtFor(segment: JusticeSegment, state: StateInfo, city: City): Court {
  const j = SEGMENT_DIGIT[segment];
  if (segment === "state") {
    const code = state.uf === "DF" ? "TJDFT" : `TJ${state.uf}`;
    return { code, name: `Tribunal de Justiça ${state.of}`, segment, j, tr: state.tj };
  }
  if (segment === "labour") {
    const region = city.trt ?? state.trt;
    return { code: `TRT${region}`, name: `Tribunal Regional do Trabalho da ${region}ª Região`, segment, j, tr: region };
  }
  return { code: `TRF${state.trf}`, name: `Tribunal Regional Federal da ${state.trf}ª Região`, segment, j, tr: state.trf };
}

/** Public bodies that sue or are sued, named the way court records name them. */
export const publicBodies = {
  municipality: (city: City) => `Município de ${city.name}`,
  stateTreasury: (state: StateInfo) => (state.uf === "DF" ? "Distrito Federal" : `Estado ${state.of}`),
  prosecutor: (state: StateInfo) =>
    state.uf === "DF" ? "Ministério Público do Distrito Federal e Territórios" : `Ministério Público do Estado ${state.of}`,
  union: () => "União Federal - Fazenda Nacional",
  socialSecurity: () => "Instituto Nacional do Seguro Social - INSS",
};

// Street and neighbourhood names common all over Brazil (historical dates, national figures,
// saints, nature), so any of them is plausible in any city.

export const STREET_TYPES = [
  ["Rua", 70],
  ["Avenida", 18],
  ["Travessa", 5],
  ["Alameda", 4],
  ["Praça", 3],
] as const;

export const STREET_NAMES = [
  "Sete de Setembro", "XV de Novembro", "Tiradentes", "Dom Pedro II", "Getúlio Vargas",
  "Santos Dumont", "Marechal Deodoro", "Duque de Caxias", "Rui Barbosa", "Barão do Rio Branco",
  "José Bonifácio", "Castro Alves", "Machado de Assis", "Princesa Isabel", "São João",
  "São José", "Santo Antônio", "das Flores", "das Palmeiras", "dos Andradas",
  "Presidente Vargas", "Brasil", "Independência", "da República", "Boa Vista",
  "Monteiro Lobato", "Carlos Gomes", "Floriano Peixoto", "Benjamin Constant", "Joaquim Nabuco",
  "Visconde de Mauá", "Anita Garibaldi", "Paraná", "Amazonas", "Bahia",
  "Minas Gerais", "dos Ipês", "das Acácias", "Treze de Maio", "Primeiro de Maio",
] as const;

export const NEIGHBORHOODS = [
  "Centro", "Jardim América", "Vila Nova", "Jardim Europa", "Bela Vista", "Santa Cruz",
  "São José", "Boa Vista", "Santo Antônio", "Cidade Nova", "Jardim das Flores", "Vila Maria",
  "Planalto", "Jardim Primavera", "Parque São Jorge", "Vila Esperança", "Jardim Paulista",
  "Bairro Alto", "Jardim Botânico", "Vila Operária", "Alto da Boa Vista", "Jardim Satélite",
] as const;

/** Commercial addresses lean towards these. */
export const BUSINESS_NEIGHBORHOODS = ["Centro", "Distrito Industrial", "Parque Industrial", "Comercial", "Centro Empresarial"] as const;

export const COMPLEMENTS = [
  ["", 55],
  ["Casa 2", 6],
  ["Apto 12", 5],
  ["Apto 34", 5],
  ["Apto 101", 5],
  ["Apto 302", 5],
  ["Bloco B Apto 204", 4],
  ["Fundos", 5],
  ["Apto 51", 5],
] as const;

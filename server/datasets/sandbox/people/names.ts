// Brazilian given names and surnames. Given names follow the generation (a person born in 1950
// is more likely Sebastião than Enzo); surnames are weighted by how common they are.

export type Gender = "F" | "M";

const OLDER_FEMALE = [
  "Maria",
  "Ana",
  "Francisca",
  "Antônia",
  "Adriana",
  "Juliana",
  "Márcia",
  "Fernanda",
  "Patrícia",
  "Aline",
  "Sandra",
  "Cláudia",
  "Rosângela",
  "Luciana",
  "Vera",
  "Sônia",
  "Tereza",
  "Rita",
  "Maria José",
  "Maria Aparecida",
  "Ana Paula",
  "Cristiane",
  "Simone",
  "Regina",
  "Eliane",
  "Lúcia",
] as const;
const YOUNGER_FEMALE = [
  "Ana Clara",
  "Maria Eduarda",
  "Beatriz",
  "Larissa",
  "Camila",
  "Amanda",
  "Bruna",
  "Letícia",
  "Gabriela",
  "Júlia",
  "Mariana",
  "Isabela",
  "Laura",
  "Valentina",
  "Sophia",
  "Giovanna",
  "Rafaela",
  "Yasmin",
  "Luana",
  "Natália",
  "Bianca",
  "Carolina",
  "Vitória",
  "Lívia",
] as const;
const OLDER_MALE = [
  "José",
  "João",
  "Antônio",
  "Francisco",
  "Carlos",
  "Paulo",
  "Pedro",
  "Luiz",
  "Marcos",
  "Luís Carlos",
  "Sebastião",
  "Raimundo",
  "Manoel",
  "Jorge",
  "Geraldo",
  "Roberto",
  "Sérgio",
  "Edson",
  "Marcelo",
  "Fernando",
  "Ricardo",
  "Osvaldo",
  "Valdir",
  "José Carlos",
  "Benedito",
] as const;
const YOUNGER_MALE = [
  "Lucas",
  "Gabriel",
  "Matheus",
  "Rafael",
  "Gustavo",
  "Felipe",
  "Bruno",
  "Guilherme",
  "Thiago",
  "Leonardo",
  "Vinícius",
  "Eduardo",
  "Rodrigo",
  "Diego",
  "João Pedro",
  "Enzo",
  "Miguel",
  "Arthur",
  "Davi",
  "Heitor",
  "Caio",
  "Henrique",
  "Vitor",
  "Igor",
] as const;

/** Given names for a gender and birth year. */
export function givenNames(gender: Gender, birthYear: number): readonly string[] {
  const older = birthYear < 1982;
  if (gender === "F") return older ? OLDER_FEMALE : YOUNGER_FEMALE;
  return older ? OLDER_MALE : YOUNGER_MALE;
}

const SURNAME_WEIGHTS: readonly (readonly [string, number])[] = [
  ["da Silva", 10],
  ["dos Santos", 8],
  ["de Oliveira", 7],
  ["de Souza", 6],
  ["Rodrigues", 3],
  ["Ferreira", 3],
  ["Alves", 3],
  ["Pereira", 3],
  ["Lima", 3],
  ["Gomes", 2],
  ["Costa", 2],
  ["Ribeiro", 2],
  ["Martins", 2],
  ["Carvalho", 2],
  ["de Almeida", 2],
  ["Lopes", 2],
  ["Soares", 2],
  ["Fernandes", 2],
  ["Vieira", 2],
  ["Barbosa", 2],
  ["Rocha", 1],
  ["Dias", 1],
  ["do Nascimento", 1],
  ["de Andrade", 1],
  ["Moreira", 1],
  ["Nunes", 1],
  ["Marques", 1],
  ["Machado", 1],
  ["Mendes", 1],
  ["de Freitas", 1],
  ["Cardoso", 1],
  ["Ramos", 1],
  ["Gonçalves", 1],
  ["Santana", 1],
  ["Teixeira", 1],
  ["de Araújo", 1],
  ["Moura", 1],
  ["Cavalcanti", 1],
  ["Monteiro", 1],
  ["Batista", 1],
  ["Campos", 1],
  ["Pinto", 1],
  ["Correia", 1],
  ["de Castro", 1],
  ["de Moraes", 1],
  ["de Azevedo", 1],
  ["Barros", 1],
  ["Rezende", 1],
  ["Borges", 1],
  ["Farias", 1],
  ["Sales", 1],
  ["Miranda", 1],
];

/**
 * Exactly 100 slots, common surnames repeated by weight. A person's surnames are chosen by slot
 * number computed from CPF digits (see people/person.ts), which is what lets the sandbox build a
 * relative's CPF carrying the right surname without searching.
 */
export const SURNAME_SLOTS: readonly string[] = SURNAME_WEIGHTS.flatMap(([name, weight]) => Array.from({ length: weight }, () => name));

if (SURNAME_SLOTS.length !== 100) throw new Error(`surname slots must be 100, got ${SURNAME_SLOTS.length}`);

/** "da Silva" -> "Silva": the bare surname, for company names and e-mails. */
export function bareSurname(surname: string): string {
  return surname.replace(/^(da|de|do|dos|das)\s+/i, "");
}

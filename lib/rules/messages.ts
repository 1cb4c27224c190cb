// The service's invalid_ruleset message (server/rules/ruleset.ts: "rule 2 (young_company):
// condition at position 33: unknown fact (…)") in the console's words, the rule's number, its code
// and the position kept: the editor finds the rule by "Regra N" and marks the character at
// "na posição P" (components/rules/ruleset-editor.tsx).

/** "rule 2 (young_company): condition at position 33: unknown fact (…)" → the same in pt-BR, with the rule and position kept. */
export function invalidRulesetMessage(message: string): string {
  const rule = /^rule (\d+)(?: \(([a-z0-9_]+)\))?: (.*)$/s.exec(message);
  if (!rule) {
    if (message.startsWith("thresholds")) return `Limites inválidos: ${message.replace(/^thresholds\.?[a-zA-Z]*: /, "")}`;
    return `Regras inválidas: ${message.replace(/^rules: /, "")}`;
  }
  const [, index, code, rest] = rule;
  const who = `Regra ${index}${code ? ` (${code})` : ""}`;
  const position = /^condition at position (\d+): (.*)$/s.exec(rest!);
  if (position) return `${who}: condição inválida na posição ${position[1]}: ${celProblem(position[2]!)}`;
  const weight = /^weight (-?\d+) is out of range/.exec(rest!);
  if (weight) return `${who}: peso ${weight[1]} fora do intervalo de 0 a 1000`;
  const duplicate = /^duplicate code in module (\S+) \(also rule (\d+)\)/.exec(rest!);
  if (duplicate) return `${who}: código repetido no módulo ${duplicate[1]} (também na regra ${duplicate[2]})`;
  const long = /^condition is (\d+) characters/.exec(rest!);
  if (long) return `${who}: condição com ${long[1]} caracteres, o máximo é 2.000`;
  return `${who}: ${rest}`;
}

/** The CEL library's words for what is wrong with a condition, in pt-BR where we know them. */
export function celProblem(problem: string): string {
  const unknown = /^unknown fact \((?:No such key|Unknown variable|Undeclared reference):? ?(.*)\)$/is.exec(problem);
  if (unknown) return `fato desconhecido (${unknown[1]}): confira o nome na lista de fatos`;
  if (problem === "empty condition") return "condição vazia";
  if (/^Unexpected token: EOF/i.test(problem)) return "a condição termina antes da hora (falta um valor ou um parêntese)";
  const token = /^Unexpected token: (.*)$/i.exec(problem);
  if (token) return `símbolo inesperado: ${token[1]}`;
  const bool = /^a condition must be a bool, this one is (.*)$/.exec(problem);
  if (bool) return `a condição precisa dar verdadeiro ou falso (bool); esta dá ${bool[1]}`;
  const overload = /^no such overload: (.*)$/i.exec(problem);
  if (overload) return `operação entre tipos incompatíveis (${overload[1]}): compare número com número, texto com texto`;
  return `erro de CEL: ${problem}`;
}

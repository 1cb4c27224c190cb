// The `finance` block of person-finance 1.0 (legacy bureau, Portuguese, DD/MM/YYYY) and 1.1 (the
// same fields plus the credit-restriction summary, consultation counts and indicators).

export interface PersonFinanceV1 {
  salarioEstimado: number;
  rendaEstimada: string;
  faixaPatrimonial: string;
  declaracoesIR: { ano: string; situacao: string; banco: string; dataAtualizacao: string }[];
  cobrancas: { quantidade: number; origens: number; atualizadoEm: string };
  programasSociais: {
    programa: string;
    municipio: string;
    uf: string;
    ativo: boolean;
    valorParcela: number;
    valorTotal: number;
    inicio: string;
    fim: string | null;
  }[];
}

export interface LegacyIndicator {
  risco: boolean;
  valor: number;
}

export interface PersonFinanceV11 extends PersonFinanceV1 {
  restricoes: {
    possuiRestricao: boolean;
    quantidade: number;
    valorTotal: number;
    ultima: {
      tipo: string;
      segmento: string;
      credor: string;
      valor: number;
      cidade: string;
      uf: string;
      dataOcorrencia: string;
      dataInclusao: string;
      situacao: string;
    } | null;
  };
  consultas: { ultimos30Dias: number; ultimos60Dias: number; ultimos90Dias: number; acima90Dias: number };
  indicadores: {
    rendaMensal: LegacyIndicator;
    programasAssistenciais: LegacyIndicator;
    declaracoesUltimosAnos: LegacyIndicator;
    cobrancas: LegacyIndicator;
    restricoes: LegacyIndicator;
  };
}

"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import type { ApiProfile } from "@/lib/enrichments/api-types";
import { rememberSentBatch } from "@/lib/enrichments/batch-session";
import { Button, buttonClass } from "@/components/ui/button";
import { ChevronLeftIcon } from "@/components/ui/icons";
import { BatchProgress } from "./batch-progress";

// /enrichments/batch: a CSV of up to 500 documents (optional metadata columns) is checked line by
// line by the BFF before sending, against the chosen profile too (a CNPJ for a person's profile is
// an error by name); then ?batchId= shows the progress (terminal items), every item, every line
// the API refused, and "Exportar resultados" (a pt-BR spreadsheet CSV of the items and the refused
// lines, lib/enrichments/batch-results-csv.ts).

interface Checked {
  /** The profile the lines were checked against (null: none chosen, the kinds were not checked). */
  profile: { name: string; entity: "person" | "company" } | null;
  /** The CSV line of each valid item, in the order they are sent. */
  lines: number[];
  total: number;
  columns: string[];
  errors: { line: number; message: string }[];
  errorCount: number;
  /** A problem of the whole file (no lines, too many, its header): nothing can be sent. */
  fileWide?: boolean;
  skipped?: { line: number; message: string }[];
  batch?: { batchId: string; total: number; created: number; failed: number; refused: { line: number; message: string }[] };
}

export function BatchPageClient({ profiles, submissionKey }: { profiles: ApiProfile[]; submissionKey: string }) {
  const router = useRouter();
  const batchId = useSearchParams().get("batchId");
  const [csv, setCsv] = useState("");
  const [fileName, setFileName] = useState<string | null>(null);
  const [profileId, setProfileId] = useState("");
  const [checked, setChecked] = useState<Checked | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const call = async (send: boolean, skipInvalid = false) => {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch("/bff/enrichments/batch", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ csv, profileId, submissionKey, send, skipInvalid }),
      });
      const json = await res.json();
      if (!res.ok) {
        setError(json.error?.message ?? "Não foi possível enviar o lote.");
        return;
      }
      setChecked(json);
      if (json.batch) {
        rememberSentBatch(json.batch.batchId, { lines: json.lines, skipped: json.skipped ?? [] });
        router.push(`/enrichments/batch?batchId=${encodeURIComponent(json.batch.batchId)}`);
      }
    } catch {
      setError("Sem conexão com o console. Tente novamente.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <Link href="/enrichments" className="inline-flex items-center gap-1 text-sm font-medium text-zinc-700 hover:text-zinc-900">
        <ChevronLeftIcon className="size-4" />
        Enriquecimentos
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold text-zinc-900">Lote de enriquecimentos</h1>
        {batchId ? (
          <Link href="/enrichments/batch" className={buttonClass("secondary")}>
            Novo lote
          </Link>
        ) : null}
      </div>
      {batchId ? (
        <BatchProgress batchId={batchId} />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void call(true);
          }}
          className="space-y-4 rounded-lg border border-zinc-200 bg-white p-5"
          data-testid="batch-form"
        >
          <div>
            <label htmlFor="batch-file" className="mb-1 block text-sm font-medium text-zinc-800">
              Arquivo CSV (até 500 documentos)
            </label>
            <input
              id="batch-file"
              type="file"
              accept=".csv,text/csv"
              data-testid="batch-file"
              aria-describedby="batch-file-help"
              className="block w-full text-sm text-zinc-700 file:mr-3 file:rounded-md file:border-0 file:bg-zinc-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-zinc-800"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                setChecked(null);
                if (!file) return;
                setFileName(file.name);
                setCsv(await file.text());
              }}
            />
            <p id="batch-file-help" className="mt-1 text-xs text-zinc-600">
              Uma linha por documento. Com cabeçalho, a coluna <code>documento</code> (ou cpf, cnpj) traz o CPF/CNPJ e as outras colunas
              viram metadados de cada item. Separador vírgula ou ponto e vírgula.
            </p>
            {fileName ? <p className="mt-1 text-xs text-zinc-700">Arquivo: {fileName}</p> : null}
          </div>
          <div>
            <label htmlFor="batch-profile" className="mb-1 block text-sm font-medium text-zinc-800">
              Perfil
            </label>
            <select
              id="batch-profile"
              className="h-10 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm"
              value={profileId}
              onChange={(e) => {
                // the lines' kinds are checked against the profile: check again for another one
                setProfileId(e.target.value);
                setChecked(null);
              }}
              data-testid="batch-profile"
            >
              <option value="">Escolha um perfil</option>
              {profiles.map((p) => (
                <option key={p.profile.id} value={p.profile.id}>
                  {p.profile.name} ({p.entity === "company" ? "CNPJ" : "CPF"})
                </option>
              ))}
            </select>
            <p className="mt-1 text-xs text-zinc-600">
              Um perfil para todo o lote: a validação recusa, linha a linha, os documentos do outro tipo (CPF x CNPJ).
            </p>
          </div>
          {checked ? (
            <div
              data-testid="batch-check"
              className={`rounded-md px-3 py-2 text-sm ${checked.errorCount ? "bg-rose-50 text-rose-900" : "bg-emerald-50 text-emerald-900"}`}
            >
              <p data-testid="batch-check-summary">
                {checked.total} {checked.total === 1 ? "documento válido" : "documentos válidos"}
                {checked.columns.length ? `, metadados: ${checked.columns.join(", ")}` : ""}.{" "}
                {!checked.errorCount
                  ? "Pronto para enviar."
                  : checked.fileWide || checked.total === 0
                    ? `${checked.errorCount} ${checked.errorCount === 1 ? "problema" : "problemas"}: corrija o arquivo antes de enviar.`
                    : `${checked.errorCount} ${checked.errorCount === 1 ? "linha com erro será ignorada" : "linhas com erro serão ignoradas"} se você enviar as válidas:`}
              </p>
              {checked.profile ? (
                <p data-testid="batch-check-profile" className="mt-1">
                  Tipos conferidos para o perfil “{checked.profile.name}”, que aceita só{" "}
                  {checked.profile.entity === "company" ? "CNPJ" : "CPF"}.
                </p>
              ) : (
                <p data-testid="batch-check-no-profile" className="mt-1">
                  Escolha o perfil e valide de novo para conferir se cada documento é do tipo que ele aceita (CPF ou CNPJ).
                </p>
              )}
              {checked.errors.length ? (
                <ul data-testid="batch-errors" className="mt-2 max-h-56 list-disc overflow-auto pl-5">
                  {checked.errors.map((e, i) => (
                    <li key={i}>
                      {e.line ? `Linha ${e.line}: ` : ""}
                      {e.message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          {error ? (
            <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
              {error}
            </p>
          ) : null}
          <div className="flex gap-2">
            <Button onClick={() => void call(false)} disabled={!csv || busy} data-testid="batch-validate">
              Validar
            </Button>
            {checked?.errorCount && !checked.fileWide && checked.total > 0 ? (
              <Button variant="primary" disabled={!profileId || busy} onClick={() => void call(true, true)} data-testid="batch-send-valid">
                {busy ? "Enviando…" : `Enviar as válidas (${checked.total})`}
              </Button>
            ) : (
              <Button
                type="submit"
                variant="primary"
                disabled={!csv || !profileId || busy || Boolean(checked?.errorCount)}
                data-testid="batch-send"
              >
                {busy ? "Enviando…" : "Enviar lote"}
              </Button>
            )}
          </div>
        </form>
      )}
    </div>
  );
}

"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toaster";
import { formatInteger, pluralize } from "@/lib/contract/format/number";
import { restrictiveKeys } from "@/lib/query/restrictive-list-queries";
import type { RestrictiveImportReport } from "@/lib/restrictive-list/entries";
import { IMPORT_RESULT_LABELS, importLineError } from "@/lib/restrictive-list/import-report";
import { cn } from "@/lib/utils/cn";

// "Importar CSV": the file goes to the BFF as its body (XMLHttpRequest, for the upload's
// progress), then the service processes it and answers one result per line, shown here.

const MAX_BYTES = 8 * 1024 * 1024;
const SHOWN_LINES = 200;
const UNAVAILABLE = "Serviço indisponível no momento. Tente novamente em instantes.";

type Phase =
  | { kind: "idle" }
  | { kind: "uploading"; loaded: number; total: number }
  | { kind: "processing"; lines: number }
  | { kind: "done"; report: RestrictiveImportReport }
  | { kind: "error"; message: string };

function upload(file: File, onProgress: (loaded: number, total: number) => void, onUploaded: () => void): Promise<RestrictiveImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/bff/restrictive-list/import");
    xhr.setRequestHeader("content-type", "text/csv");
    xhr.setRequestHeader("accept", "application/json");
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.upload.onload = onUploaded;
    xhr.onerror = () => reject(new Error("Sem conexão com o console. Verifique sua rede e tente novamente."));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 200 && body) return resolve(body as RestrictiveImportReport);
      reject(new Error((body as { error?: { message?: string } } | null)?.error?.message ?? UNAVAILABLE));
    };
    xhr.send(file);
  });
}

function countLines(text: string): number {
  return text.split(/\r?\n/).filter((line) => line.trim() !== "").length;
}

export function ImportCsvDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const busy = phase.kind === "uploading" || phase.kind === "processing";
  const close = () => {
    if (busy) return;
    setPhase({ kind: "idle" });
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Importar CSV"
      description={
        <>
          Uma entrada por linha, com o cabeçalho{" "}
          <code data-testid="restrictive-import-columns" className="rounded bg-zinc-100 px-1 text-xs">
            documento;motivo;nome;expira_em
          </code>{" "}
          (só documento e motivo são obrigatórios; as colunas podem vir em qualquer ordem e também em inglês: nationalId, reason, name,
          expiresAt; sem cabeçalho, nessa ordem). Vírgula ou ponto e vírgula; até 10.000 linhas e 8 MB. A expiração é uma data, 31/12/2026
          ou 2026-12-31, válida até o fim do dia, ou data e hora, 31/12/2026 18:30. O CSV exportado desta página pode ser importado de
          volta; documentos já listados são informados como duplicados.
        </>
      }
      testId="restrictive-import-dialog"
    >
      <ImportForm phase={phase} setPhase={setPhase} busy={busy} onClose={close} />
    </Dialog>
  );
}

function ImportForm({
  phase,
  setPhase,
  busy,
  onClose,
}: {
  phase: Phase;
  setPhase: (phase: Phase) => void;
  busy: boolean;
  onClose: () => void;
}) {
  const ids = useId();
  const client = useQueryClient();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return setFileError("Escolha um arquivo CSV.");
    if (file.size === 0) return setFileError("O arquivo está vazio.");
    if (file.size > MAX_BYTES) return setFileError("Arquivo grande demais: o limite é 8 MB (até 10.000 linhas).");
    setFileError(null);
    const lines = countLines(await file.text());
    setPhase({ kind: "uploading", loaded: 0, total: file.size });
    try {
      const report = await upload(
        file,
        (loaded, total) => setPhase({ kind: "uploading", loaded, total }),
        () => setPhase({ kind: "processing", lines }),
      );
      setPhase({ kind: "done", report });
      toast.show({
        kind: "success",
        message: `Importação concluída: ${pluralize(report.added, "entrada adicionada", "entradas adicionadas")}.`,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : UNAVAILABLE;
      setPhase({ kind: "error", message });
      toast.show({ kind: "error", message: `A importação falhou: ${message}` });
    } finally {
      void client.invalidateQueries({ queryKey: restrictiveKeys.all });
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4" data-testid="restrictive-import-form">
      <div>
        <label htmlFor={`${ids}-file`} className="mb-1 block text-sm font-medium text-zinc-800">
          Arquivo CSV
        </label>
        <input
          ref={input}
          id={`${ids}-file`}
          type="file"
          accept=".csv,text/csv"
          data-testid="restrictive-import-file"
          data-autofocus
          disabled={busy}
          aria-invalid={Boolean(fileError)}
          aria-describedby={fileError ? `${ids}-file-error` : undefined}
          onChange={() => {
            setFileError(null);
            if (phase.kind !== "idle") setPhase({ kind: "idle" });
          }}
          className="block w-full text-sm text-zinc-700 file:mr-3 file:rounded-md file:border-0 file:bg-zinc-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-zinc-800 hover:file:bg-zinc-200"
        />
        {fileError ? (
          <p id={`${ids}-file-error`} data-testid="restrictive-import-file-error" className="mt-1 text-xs text-rose-700">
            {fileError}
          </p>
        ) : null}
      </div>

      <ImportProgress phase={phase} />
      {phase.kind === "done" ? <ImportReport report={phase.report} /> : null}

      <div className="flex justify-end gap-2 pt-1">
        <Button onClick={onClose} disabled={busy} data-testid="restrictive-import-close">
          {phase.kind === "done" ? "Fechar" : "Cancelar"}
        </Button>
        <Button type="submit" variant="primary" disabled={busy} data-testid="restrictive-import-submit">
          {phase.kind === "done" || phase.kind === "error" ? "Importar outro" : "Importar"}
        </Button>
      </div>
    </form>
  );
}

function ImportProgress({ phase }: { phase: Phase }) {
  if (phase.kind === "idle") return null;
  if (phase.kind === "error")
    return (
      <p role="alert" data-testid="restrictive-import-error" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
        {phase.message} Nada foi importado.
      </p>
    );
  const percent =
    phase.kind === "uploading" ? Math.round((phase.loaded / Math.max(1, phase.total)) * 100) : phase.kind === "done" ? 100 : undefined;
  const status =
    phase.kind === "uploading"
      ? `Enviando o arquivo… ${percent}%`
      : phase.kind === "processing"
        ? `Arquivo enviado. Processando ${pluralize(phase.lines, "linha", "linhas")} no serviço…`
        : "Importação concluída.";
  return (
    <div>
      <div
        role="progressbar"
        aria-label="Progresso da importação"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={status}
        data-testid="restrictive-import-progress"
        className="h-2 overflow-hidden rounded-full bg-zinc-100"
      >
        <div
          className={cn("h-full rounded-full bg-brand-600 transition-[width]", percent === undefined && "w-1/3 animate-pulse")}
          style={percent === undefined ? undefined : { width: `${percent}%` }}
        />
      </div>
      <p role="status" data-testid="restrictive-import-status" className="mt-1.5 text-xs text-zinc-600">
        {status}
      </p>
    </div>
  );
}

function ImportReport({ report }: { report: RestrictiveImportReport }) {
  const refused = report.lines.filter((line) => line.result !== "added");
  const [show, setShow] = useState<"refused" | "all">(refused.length > 0 ? "refused" : "all");
  const lines = show === "refused" ? refused : report.lines;
  const shown = lines.slice(0, SHOWN_LINES);
  const counts: Array<[string, number, string]> = [
    ["Linhas", report.total, "restrictive-import-total"],
    ["Adicionadas", report.added, "restrictive-import-added"],
    ["Duplicadas", report.duplicates, "restrictive-import-duplicates"],
    ["Inválidas", report.invalid, "restrictive-import-invalid"],
  ];
  return (
    <section aria-labelledby="restrictive-import-report-title" data-testid="restrictive-import-report" className="space-y-3">
      <h3 id="restrictive-import-report-title" className="text-sm font-semibold text-zinc-900">
        Relatório da importação
      </h3>
      <dl className="grid grid-cols-4 gap-2">
        {counts.map(([term, value, testId]) => (
          <div key={term} className="rounded-md bg-zinc-50 px-2.5 py-2 ring-1 ring-zinc-200">
            <dt className="text-xs text-zinc-600">{term}</dt>
            <dd data-testid={testId} className="tabular text-base font-semibold text-zinc-900">
              {formatInteger(value)}
            </dd>
          </div>
        ))}
      </dl>
      <fieldset className="flex flex-wrap items-center gap-3 text-sm">
        <legend className="sr-only">Linhas mostradas</legend>
        {(
          [
            ["refused", `Recusadas (${formatInteger(refused.length)})`],
            ["all", `Todas (${formatInteger(report.lines.length)})`],
          ] as const
        ).map(([value, text]) => (
          <label key={value} className="inline-flex items-center gap-1.5 text-zinc-700">
            <input
              type="radio"
              name="restrictive-import-show"
              value={value}
              checked={show === value}
              onChange={() => setShow(value)}
              data-testid={`restrictive-import-show-${value}`}
            />
            {text}
          </label>
        ))}
      </fieldset>
      {shown.length === 0 ? (
        <p data-testid="restrictive-import-no-refused" className="text-sm text-zinc-600">
          Nenhuma linha recusada.
        </p>
      ) : (
        <div className="max-h-64 overflow-auto rounded-md ring-1 ring-zinc-200" tabIndex={0} role="region" aria-label="Linhas do relatório">
          <table data-testid="restrictive-import-lines" className="w-full text-left text-xs">
            <thead className="sticky top-0 bg-zinc-50 text-zinc-600">
              <tr>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  Linha
                </th>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  Documento
                </th>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  Resultado
                </th>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  Motivo
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100">
              {shown.map((line) => (
                <tr key={`${line.line}-${line.nationalId}`} data-testid="restrictive-import-line" data-result={line.result}>
                  <td className="tabular px-2 py-1.5 text-zinc-700">{line.line}</td>
                  <td className="tabular px-2 py-1.5 font-mono text-zinc-800">{line.nationalId || "—"}</td>
                  <td
                    className={cn(
                      "px-2 py-1.5 font-medium",
                      line.result === "added" ? "text-emerald-800" : line.result === "duplicate" ? "text-amber-800" : "text-rose-800",
                    )}
                  >
                    {IMPORT_RESULT_LABELS[line.result]}
                  </td>
                  <td className="px-2 py-1.5 text-zinc-700">{importLineError(line.error) || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {lines.length > shown.length ? (
        <p className="text-xs text-zinc-600">
          Mostrando as primeiras {formatInteger(shown.length)} de {formatInteger(lines.length)} linhas.
        </p>
      ) : null}
    </section>
  );
}

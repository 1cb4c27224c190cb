"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { formatDocument, normalizeDocument, stripDocument } from "@/lib/contract/documents";
import type { ApiProfile } from "@/lib/enrichments/api-types";
import type { FieldErrors } from "@/lib/enrichments/create-input";
import type { EnrichmentDetail } from "@/lib/enrichments/view";
import { Button, buttonClass } from "@/components/ui/button";
import { ChevronLeftIcon } from "@/components/ui/icons";
import { ModuleStates } from "./module-states";

// /enrichments/new: document formatted and checked as typed, profile, optional deadline and
// metadata. Submitting waits for the synchronous answer while showing each module's progress
// (read through the same submission's id); past 25 s it moves to the detail page.

const SYNC_WAIT_MS = 25_000;
const input = "h-10 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 placeholder:text-zinc-500";

/** Formats as typed: digits (and CNPJ letters) grouped like 000.000.000-00 or 00.000.000/0000-00. */
export function formatAsTyped(text: string): string {
  const raw = stripDocument(text).slice(0, 14);
  if (raw.length <= 11 && /^\d*$/.test(raw)) {
    return raw
      .replace(/^(\d{3})(\d)/, "$1.$2")
      .replace(/^(\d{3})\.(\d{3})(\d)/, "$1.$2.$3")
      .replace(/\.(\d{3})(\d{1,2})$/, ".$1-$2");
  }
  return raw
    .replace(/^(\w{2})(\w)/, "$1.$2")
    .replace(/^(\w{2})\.(\w{3})(\w)/, "$1.$2.$3")
    .replace(/\.(\w{3})(\w)/, ".$1/$2")
    .replace(/\/(\w{4})(\w{1,2})$/, "/$1-$2");
}

type Phase =
  | { kind: "idle" }
  | { kind: "waiting"; startedAt: number; id: string | null; detail: EnrichmentDetail | null }
  | { kind: "error"; message: string };

export function NewEnrichmentForm({ profiles, submissionKey }: { profiles: ApiProfile[]; submissionKey: string }) {
  const router = useRouter();
  const [document, setDocument] = useState("");
  const [profileId, setProfileId] = useState("");
  const [deadline, setDeadline] = useState("");
  const [metadata, setMetadata] = useState<{ key: string; value: string }[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [now, setNow] = useState(() => Date.now());
  const inFlight = useRef(false);

  const normalized = normalizeDocument(document);
  const digits = stripDocument(document);
  const complete = digits.length === 11 || digits.length === 14;
  const entity = normalized?.entity;
  const options = profiles.filter((p) => !entity || p.entity === entity);
  const body = () => ({ document, profileId, deadline, metadata, submissionKey });

  useEffect(() => {
    if (profileId && !options.some((p) => p.profile.id === profileId)) setProfileId("");
  }, [entity]);

  // While the synchronous answer is awaited: find the id (same submission, peek) and read modules.
  useEffect(() => {
    if (phase.kind !== "waiting") return;
    const timer = setInterval(async () => {
      setNow(Date.now());
      try {
        if (!phase.id) {
          const res = await fetch("/bff/enrichments?peek=1", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(body()),
          });
          const json = await res.json();
          if (json.id) setPhase((p) => (p.kind === "waiting" ? { ...p, id: json.id } : p));
        } else {
          const res = await fetch(`/bff/enrichments/${phase.id}`);
          if (res.ok) {
            const detail = (await res.json()) as EnrichmentDetail;
            setPhase((p) => (p.kind === "waiting" ? { ...p, detail } : p));
          }
        }
      } catch {
        // progress is best effort; the main request decides
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [phase.kind, phase.kind === "waiting" ? phase.id : null]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: FieldErrors = {};
    if (!normalized) local.document = "Informe um CPF ou CNPJ válido.";
    if (!profileId) local.profileId = "Escolha um perfil.";
    setErrors(local);
    if (Object.keys(local).length || inFlight.current) return;
    inFlight.current = true;
    setPhase({ kind: "waiting", startedAt: Date.now(), id: null, detail: null });
    try {
      const res = await fetch("/bff/enrichments", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body()),
      });
      const json = await res.json().catch(() => ({}));
      if (res.ok && json.id) {
        router.push(`/enrichments/${json.id}${json.finished ? "" : "?aguardando=1"}`);
        return;
      }
      if (json.error?.fields) setErrors(json.error.fields);
      setPhase({ kind: "error", message: json.error?.message ?? "Não foi possível criar o enriquecimento." });
    } catch {
      setPhase({ kind: "error", message: "Sem conexão com o console. Tente novamente." });
    } finally {
      inFlight.current = false;
    }
  };

  const waiting = phase.kind === "waiting";
  const elapsed = waiting ? Math.min(SYNC_WAIT_MS, now - phase.startedAt) : 0;
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <Link href="/enrichments" className="inline-flex items-center gap-1 text-sm font-medium text-zinc-700 hover:text-zinc-900">
        <ChevronLeftIcon className="size-4" />
        Enriquecimentos
      </Link>
      <h1 className="text-xl font-semibold text-zinc-900">Novo enriquecimento</h1>
      <form
        onSubmit={submit}
        noValidate
        className="space-y-5 rounded-lg border border-zinc-200 bg-white p-5"
        data-testid="new-enrichment-form"
      >
        <div>
          <label htmlFor="document" className="mb-1 block text-sm font-medium text-zinc-800">
            Documento (CPF ou CNPJ)
          </label>
          <input
            id="document"
            className={input}
            value={document}
            onChange={(e) => setDocument(formatAsTyped(e.target.value))}
            placeholder="000.000.000-00 ou 00.000.000/0000-00"
            autoComplete="off"
            aria-invalid={Boolean(errors.document) || (complete && !normalized)}
            aria-describedby="document-help"
            data-testid="document-input"
            disabled={waiting}
          />
          <p
            id="document-help"
            className={`mt-1 text-xs ${errors.document || (complete && !normalized) ? "text-rose-700" : "text-zinc-600"}`}
            data-testid="document-help"
          >
            {errors.document ??
              (complete && !normalized
                ? "Dígitos verificadores não conferem."
                : normalized
                  ? `${normalized.entity === "company" ? "CNPJ" : "CPF"} válido: ${formatDocument(normalized.value)}`
                  : "CNPJ alfanumérico aceito.")}
          </p>
        </div>
        <div>
          <label htmlFor="profile" className="mb-1 block text-sm font-medium text-zinc-800">
            Perfil
          </label>
          <select
            id="profile"
            className={input}
            value={profileId}
            onChange={(e) => setProfileId(e.target.value)}
            aria-invalid={Boolean(errors.profileId)}
            aria-describedby="profile-help"
            data-testid="profile-select"
            disabled={waiting}
          >
            <option value="">Escolha um perfil</option>
            {options.map((p) => (
              <option key={p.profile.id} value={p.profile.id}>
                {p.profile.name} ({p.entity === "company" ? "CNPJ" : "CPF"})
              </option>
            ))}
          </select>
          <p id="profile-help" className={`mt-1 text-xs ${errors.profileId ? "text-rose-700" : "text-zinc-600"}`}>
            {errors.profileId ??
              (profiles.length === 0
                ? "Nenhum perfil de enriquecimento disponível para este workspace."
                : "Os perfis mostrados servem ao tipo do documento.")}
          </p>
        </div>
        <div>
          <label htmlFor="deadline" className="mb-1 block text-sm font-medium text-zinc-800">
            Prazo (opcional)
          </label>
          <input
            id="deadline"
            className={input}
            value={deadline}
            onChange={(e) => setDeadline(e.target.value)}
            placeholder="por exemplo 30m ou 2h"
            aria-describedby="deadline-help"
            aria-invalid={Boolean(errors.deadline)}
            disabled={waiting}
          />
          <p id="deadline-help" className={`mt-1 text-xs ${errors.deadline ? "text-rose-700" : "text-zinc-600"}`}>
            {errors.deadline ?? "Após o prazo a coleta para e o enriquecimento falha. Mínimo 1m."}
          </p>
        </div>
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-zinc-800">Metadados (opcional)</legend>
          <div className="space-y-2">
            {metadata.map((entry, index) => (
              <div key={index} className="flex gap-2">
                <input
                  aria-label={`Chave ${index + 1}`}
                  className={input}
                  value={entry.key}
                  placeholder="chave"
                  onChange={(e) => setMetadata(metadata.map((m, i) => (i === index ? { ...m, key: e.target.value } : m)))}
                  disabled={waiting}
                />
                <input
                  aria-label={`Valor ${index + 1}`}
                  className={input}
                  value={entry.value}
                  placeholder="valor"
                  onChange={(e) => setMetadata(metadata.map((m, i) => (i === index ? { ...m, value: e.target.value } : m)))}
                  disabled={waiting}
                />
                <Button
                  onClick={() => setMetadata(metadata.filter((_, i) => i !== index))}
                  aria-label={`Remover metadado ${index + 1}`}
                  disabled={waiting}
                >
                  Remover
                </Button>
              </div>
            ))}
            <Button
              size="sm"
              onClick={() => setMetadata([...metadata, { key: "", value: "" }])}
              disabled={waiting || metadata.length >= 50}
            >
              Adicionar metadado
            </Button>
            {errors.metadata ? <p className="text-xs text-rose-700">{errors.metadata}</p> : null}
          </div>
        </fieldset>
        {phase.kind === "error" ? (
          <p role="alert" data-testid="form-error" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
            {phase.message}
          </p>
        ) : null}
        {errors.form ? <p className="text-sm text-rose-700">{errors.form}</p> : null}
        <div className="flex items-center gap-3">
          <Button type="submit" variant="primary" disabled={waiting} data-testid="submit-enrichment">
            {waiting ? "Consultando…" : "Enriquecer"}
          </Button>
          <Link href="/enrichments" className={buttonClass("ghost")}>
            Cancelar
          </Link>
        </div>
      </form>
      {waiting ? (
        <section aria-live="polite" data-testid="sync-progress" className="space-y-3 rounded-lg border border-zinc-200 bg-white p-5">
          <h2 className="text-sm font-semibold text-zinc-900">Aguardando a resposta ({Math.round(elapsed / 1000)} s de até 25 s)</h2>
          <div className="h-1.5 overflow-hidden rounded bg-zinc-100" aria-hidden="true">
            <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${(elapsed / SYNC_WAIT_MS) * 100}%` }} />
          </div>
          {phase.detail ? <ModuleStates modules={phase.detail.modules} /> : <p className="text-sm text-zinc-600">Iniciando a coleta…</p>}
          <p className="text-xs text-zinc-600">Se passar de 25 s, você vai para a página do enriquecimento, que continua se atualizando.</p>
        </section>
      ) : null}
    </div>
  );
}

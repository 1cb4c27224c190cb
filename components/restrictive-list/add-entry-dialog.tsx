"use client";

import { useId, useState, type FormEvent } from "react";
import { formatAsTyped } from "@/components/enrichments/new-enrichment-form";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { formatDocument, stripDocument } from "@/lib/contract/documents";
import {
  MAX_NAME,
  MAX_REASON,
  documentProblem,
  expiryFromDate,
  todayInSaoPaulo,
  type NewRestrictiveEntry,
} from "@/lib/restrictive-list/entries";

const control =
  "w-full rounded-md border-0 bg-white px-3 text-sm text-zinc-900 shadow-xs ring-1 ring-inset ring-zinc-300 placeholder:text-zinc-500 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-rose-500 read-only:bg-zinc-50 read-only:text-zinc-700";
const label = "mb-1 block text-sm font-medium text-zinc-800";

/**
 * "Adicionar à lista restritiva": document (formatted as typed and checked before sending, or
 * fixed when it comes from a case), optional name, required reason and optional expiry date.
 * Submitting closes the dialog at once; the caller's mutation shows the entry optimistically.
 */
export function AddEntryDialog({
  open,
  onClose,
  onSubmit,
  fixedDocument,
  fixedName,
  testId = "restrictive-add-dialog",
}: {
  open: boolean;
  onClose: () => void;
  onSubmit: (entry: NewRestrictiveEntry) => void;
  /** From the case page: the case's document, shown and not editable. */
  fixedDocument?: string;
  fixedName?: string | null;
  testId?: string;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Adicionar à lista restritiva"
      description="Verificações deste documento concluídas a partir de agora o indicam como listado pelo cliente."
      testId={testId}
    >
      <AddEntryForm onClose={onClose} onSubmit={onSubmit} fixedDocument={fixedDocument} fixedName={fixedName} />
    </Dialog>
  );
}

function AddEntryForm({
  onClose,
  onSubmit,
  fixedDocument,
  fixedName,
}: {
  onClose: () => void;
  onSubmit: (entry: NewRestrictiveEntry) => void;
  fixedDocument?: string;
  fixedName?: string | null;
}) {
  const ids = useId();
  // a case's document arrives masked (issue 19): shown as it is, and the BFF lists the case's own
  const [document, setDocument] = useState(
    fixedDocument ? (fixedDocument.includes("*") ? fixedDocument : formatDocument(fixedDocument)) : "",
  );
  const [name, setName] = useState(fixedName ?? "");
  const [reason, setReason] = useState("");
  const [expiry, setExpiry] = useState("");
  const [errors, setErrors] = useState<{ document?: string; reason?: string; expiry?: string }>({});
  const today = todayInSaoPaulo();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: typeof errors = {};
    const problem = fixedDocument ? null : documentProblem(document);
    if (problem) found.document = problem;
    if (!reason.trim()) found.reason = "Informe o motivo.";
    if (expiry && (!expiryFromDate(expiry) || expiry < today)) found.expiry = "A data de expiração precisa ser hoje ou depois.";
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = found.document ? `${ids}-document` : found.reason ? `${ids}-reason` : `${ids}-expiry`;
      window.document.getElementById(first)?.focus();
      return;
    }
    const expiresAt = expiry ? expiryFromDate(expiry) : undefined;
    onSubmit({
      nationalId: stripDocument(document),
      reason: reason.trim(),
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(expiresAt ? { expiresAt } : {}),
    });
    onClose();
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" data-testid="restrictive-add-form">
      <div>
        <label htmlFor={`${ids}-document`} className={label}>
          Documento (CPF ou CNPJ)
        </label>
        <input
          id={`${ids}-document`}
          data-testid="restrictive-document"
          className={`${control} tabular h-9 font-mono`}
          value={document}
          readOnly={Boolean(fixedDocument)}
          data-autofocus={fixedDocument ? undefined : true}
          onChange={(event) => {
            setDocument(formatAsTyped(event.target.value));
            if (errors.document) setErrors((e) => ({ ...e, document: undefined }));
          }}
          placeholder="000.000.000-00 ou 00.000.000/0000-00"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={Boolean(errors.document)}
          aria-describedby={`${ids}-document-help`}
        />
        <p
          id={`${ids}-document-help`}
          data-testid="restrictive-document-help"
          className={`mt-1 text-xs ${errors.document ? "text-rose-700" : "text-zinc-600"}`}
        >
          {errors.document ?? (fixedDocument ? "Documento da verificação." : "CPF ou CNPJ, inclusive o CNPJ alfanumérico.")}
        </p>
      </div>
      {fixedDocument ? (
        fixedName ? (
          <p className="text-sm text-zinc-700">
            <span className="text-zinc-500">Nome:</span> {fixedName}
          </p>
        ) : null
      ) : (
        <div>
          <label htmlFor={`${ids}-name`} className={label}>
            Nome <span className="font-normal text-zinc-500">(opcional)</span>
          </label>
          <input
            id={`${ids}-name`}
            data-testid="restrictive-name"
            className={`${control} h-9`}
            value={name}
            maxLength={MAX_NAME}
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
          />
        </div>
      )}
      <div>
        <label htmlFor={`${ids}-reason`} className={label}>
          Motivo
        </label>
        <textarea
          id={`${ids}-reason`}
          data-testid="restrictive-reason"
          data-autofocus={fixedDocument ? true : undefined}
          className={`${control} min-h-20 py-2`}
          value={reason}
          maxLength={MAX_REASON}
          required
          aria-required="true"
          aria-invalid={Boolean(errors.reason)}
          aria-describedby={errors.reason ? `${ids}-reason-error` : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            if (errors.reason) setErrors((e) => ({ ...e, reason: undefined }));
          }}
        />
        {errors.reason ? (
          <p id={`${ids}-reason-error`} data-testid="restrictive-reason-error" className="mt-1 text-xs text-rose-700">
            {errors.reason}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${ids}-expiry`} className={label}>
          Expira em <span className="font-normal text-zinc-500">(opcional)</span>
        </label>
        <input
          id={`${ids}-expiry`}
          type="date"
          data-testid="restrictive-expiry"
          className={`${control} h-9 w-48`}
          value={expiry}
          min={today}
          onChange={(event) => setExpiry(event.target.value)}
          aria-invalid={Boolean(errors.expiry)}
          aria-describedby={`${ids}-expiry-help`}
        />
        <p id={`${ids}-expiry-help`} className={`mt-1 text-xs ${errors.expiry ? "text-rose-700" : "text-zinc-600"}`}>
          {errors.expiry ?? "Sem data, a entrada vale até ser removida. Com data, deixa de valer ao fim do dia."}
        </p>
      </div>
      <div className="flex justify-end gap-2 pt-1">
        <Button onClick={onClose} data-testid="restrictive-add-cancel">
          Cancelar
        </Button>
        <Button type="submit" variant="primary" data-testid="restrictive-add-submit">
          Adicionar
        </Button>
      </div>
    </form>
  );
}

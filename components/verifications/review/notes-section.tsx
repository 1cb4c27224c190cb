"use client";

import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { RelativeTime } from "@/components/ui/relative-time";
import { Section } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toaster";
import { formatDateTime } from "@/lib/contract/format/date";
import { bffSend } from "@/lib/query/bff-send";
import { notesQuery, reviewKeys, type NotesPage } from "@/lib/query/review-queries";
import type { NoteView } from "@/lib/review/case-view";
import { PersonName } from "@/components/review/person-name";

// "Notas" on the case page (team review): the case's notes, oldest first, 20 at a time ("Carregar
// mais" reads the next ones; a case takes at most 1,000); admins and analysts add
// one (1 to 4,000 characters), the author edits it within 5 minutes ("editado"), an admin hides
// one with a reason (it stays listed as hidden; notes are never deleted).

const NOTE_MAX = 4000;
const textareaClass = "w-full rounded-md bg-white px-2.5 py-1.5 text-sm ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-brand-500";

function useNoteMutation<T>(id: string, send: (body: T) => Promise<NoteView>, success: string) {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: send,
    onSuccess: (note) => {
      client.setQueryData<InfiniteData<NotesPage, string>>(reviewKeys.notes(id), (current) => {
        if (!current) return current;
        const known = current.pages.some((page) => page.notes.some((n) => n.id === note.id));
        const pages = current.pages.map((page, i) => {
          if (known) return { ...page, notes: page.notes.map((n) => (n.id === note.id ? note : n)) };
          // a new note is the newest: shown now when the last page is read, else when it is reached
          return i === current.pages.length - 1 && !page.nextCursor ? { ...page, notes: [...page.notes, note] } : page;
        });
        return { ...current, pages };
      });
      toast.show({ kind: "success", message: success });
    },
    onError: (error) => toast.show({ kind: "error", message: error.message }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: reviewKeys.notes(id) });
      void client.invalidateQueries({ queryKey: reviewKeys.eventsOf(id) });
    },
  });
}

/** Re-renders when the edit window of one of the notes closes. */
function useNow(notes: NoteView[] | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const next = (notes ?? []).map((n) => Date.parse(n.editableUntil) - Date.now()).filter((ms) => ms > 0);
    if (!next.length) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(...next) + 50);
    return () => clearTimeout(timer);
  }, [notes, now]);
  return now;
}

export function NotesSection({
  id,
  me,
  canAct,
  canAdminister,
}: {
  id: string;
  me: string | null;
  canAct: boolean;
  canAdminister: boolean;
}) {
  const notes = useInfiniteQuery(notesQuery(id));
  const list = notes.data?.pages.flatMap((page) => page.notes);
  const base = `/bff/verifications/${encodeURIComponent(id)}/notes`;
  const create = useNoteMutation<{ text: string }>(id, (body) => bffSend<NoteView>(base, { method: "POST", body }), "Nota adicionada.");
  const ids = useId();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [hiding, setHiding] = useState<NoteView | null>(null);
  const now = useNow(list);

  return (
    <Section anchor="notas" title="Notas" description="Visíveis para a equipe do workspace; nunca são apagadas." testId="notes-section">
      {notes.isPending ? (
        <Skeleton className="h-12" />
      ) : notes.isError ? (
        <p className="text-sm text-rose-700" data-testid="notes-error">
          Notas indisponíveis. {notes.error.message}
        </p>
      ) : !list?.length ? (
        <p className="text-sm text-zinc-600" data-testid="notes-empty">
          Nenhuma nota.
        </p>
      ) : (
        <>
          <ol className="space-y-3" data-testid="notes-list">
            {list.map((note) => (
              <NoteItem
                key={note.id}
                id={id}
                note={note}
                editable={note.author.id === me && !note.hidden && Date.parse(note.editableUntil) > now}
                canHide={canAdminister && !note.hidden}
                onHide={() => setHiding(note)}
                mine={note.author.id === me}
              />
            ))}
          </ol>
          {notes.hasNextPage ? (
            <div className="mt-3">
              <Button size="sm" onClick={() => void notes.fetchNextPage()} disabled={notes.isFetchingNextPage} data-testid="notes-more">
                {notes.isFetchingNextPage ? "Carregando…" : "Carregar mais"}
              </Button>
            </div>
          ) : null}
        </>
      )}
      {canAct ? (
        <form
          noValidate
          className="mt-4 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            const value = text.trim();
            if (!value) return setProblem("Escreva a nota antes de salvar.");
            if (value.length > NOTE_MAX) return setProblem("A nota tem no máximo 4.000 caracteres.");
            setProblem(null);
            create.mutate({ text: value }, { onSuccess: () => setText("") });
          }}
        >
          <label htmlFor={`${ids}-new`} className="block text-xs font-medium text-zinc-600">
            Nova nota
          </label>
          <textarea
            id={`${ids}-new`}
            data-testid="note-new"
            rows={3}
            value={text}
            aria-describedby={`${ids}-count`}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(null);
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
            className={textareaClass}
          />
          <div className="flex items-center justify-between gap-2">
            <span id={`${ids}-count`} className={`text-xs ${text.trim().length > NOTE_MAX ? "text-rose-700" : "text-zinc-600"}`}>
              {text.trim().length.toLocaleString("pt-BR")} / 4.000 · Ctrl+Enter salva
            </span>
            <Button size="sm" type="submit" variant="primary" disabled={create.isPending} data-testid="note-add">
              Adicionar nota
            </Button>
          </div>
          {problem ? (
            <p role="alert" className="text-xs text-rose-700" data-testid="note-problem">
              {problem}
            </p>
          ) : null}
        </form>
      ) : null}
      <HideNoteDialog id={id} note={hiding} onClose={() => setHiding(null)} />
    </Section>
  );
}

function NoteItem({
  id,
  note,
  editable,
  canHide,
  onHide,
  mine,
}: {
  id: string;
  note: NoteView;
  editable: boolean;
  canHide: boolean;
  onHide: () => void;
  mine: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.text ?? "");
  const ids = useId();
  const edit = useNoteMutation<{ text: string }>(
    id,
    (body) =>
      bffSend<NoteView>(`/bff/verifications/${encodeURIComponent(id)}/notes/${encodeURIComponent(note.id)}`, { method: "PATCH", body }),
    "Nota editada.",
  );
  return (
    <li data-testid="note" data-note-id={note.id} data-hidden={note.hidden ? "true" : undefined} className="text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-zinc-900">
          <PersonName person={note.author} me={mine} />
        </span>
        <span className="text-xs text-zinc-600" title={formatDateTime(note.createdAt)}>
          <RelativeTime value={note.createdAt} />
        </span>
        {note.edited ? (
          <span
            className="text-xs text-zinc-600 italic"
            data-testid="note-edited"
            title={note.editedAt ? formatDateTime(note.editedAt) : undefined}
          >
            editado
          </span>
        ) : null}
        {note.hidden ? <Badge tone="neutral">Oculta</Badge> : null}
      </div>
      {editing ? (
        <form
          noValidate
          className="mt-1 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!text.trim() || text.trim().length > NOTE_MAX) return;
            edit.mutate({ text: text.trim() }, { onSuccess: () => setEditing(false) });
          }}
        >
          <label htmlFor={`${ids}-edit`} className="sr-only">
            Editar nota
          </label>
          <textarea
            id={`${ids}-edit`}
            data-testid="note-edit-text"
            rows={3}
            value={text}
            onChange={(event) => setText(event.target.value)}
            className={textareaClass}
          />
          <div className="flex justify-end gap-2">
            <Button size="sm" onClick={() => setEditing(false)}>
              Cancelar
            </Button>
            <Button size="sm" type="submit" variant="primary" disabled={edit.isPending || !text.trim()} data-testid="note-edit-save">
              Salvar
            </Button>
          </div>
        </form>
      ) : note.text !== null ? (
        <p className="mt-1 whitespace-pre-wrap break-words text-zinc-800" data-testid="note-text">
          {note.text}
        </p>
      ) : (
        <p className="mt-1 text-zinc-600 italic" data-testid="note-text-hidden">
          Nota ocultada por um administrador.
        </p>
      )}
      {note.hidden && note.hiddenReason ? (
        <p className="mt-1 text-xs text-zinc-600" data-testid="note-hidden-reason">
          Oculta por {note.hiddenBy ? <PersonName person={note.hiddenBy} /> : "administrador"}: {note.hiddenReason}
        </p>
      ) : null}
      {!editing && (editable || canHide) ? (
        <div className="mt-1 flex gap-2">
          {editable ? (
            <Button
              size="sm"
              variant="ghost"
              data-testid="note-edit"
              onClick={() => {
                setText(note.text ?? "");
                setEditing(true);
              }}
            >
              Editar
            </Button>
          ) : null}
          {canHide ? (
            <Button size="sm" variant="ghost" data-testid="note-hide" onClick={onHide}>
              Ocultar
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function HideNoteDialog({ id, note, onClose }: { id: string; note: NoteView | null; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();
  const hide = useNoteMutation<{ noteId: string; reason: string }>(
    id,
    ({ noteId, reason }) =>
      bffSend<NoteView>(`/bff/verifications/${encodeURIComponent(id)}/notes/${encodeURIComponent(noteId)}/hide`, {
        method: "POST",
        body: { reason },
      }),
    "Nota ocultada.",
  );
  useEffect(() => {
    if (note) {
      setReason("");
      setProblem(null);
    }
  }, [note]);
  return (
    <Dialog
      open={note !== null}
      onClose={onClose}
      title="Ocultar nota?"
      description="A nota continua registrada; só administradores leem o texto. O motivo fica na linha do tempo."
      testId="note-hide-dialog"
    >
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!note) return;
          if (!reason.trim()) return setProblem("Informe o motivo para ocultar a nota.");
          hide.mutate({ noteId: note.id, reason: reason.trim() }, { onSuccess: onClose });
        }}
      >
        <label htmlFor={`${ids}-reason`} className="block text-sm font-medium text-zinc-800">
          Motivo
        </label>
        <textarea
          id={`${ids}-reason`}
          data-testid="note-hide-reason"
          data-autofocus
          rows={2}
          maxLength={500}
          value={reason}
          aria-required="true"
          onChange={(event) => {
            setReason(event.target.value);
            setProblem(null);
          }}
          className={textareaClass}
        />
        {problem ? (
          <p role="alert" className="text-xs text-rose-700">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>Cancelar</Button>
          <Button type="submit" variant="primary" disabled={hide.isPending} data-testid="note-hide-confirm">
            Ocultar
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

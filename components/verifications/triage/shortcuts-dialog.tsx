"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

export const SHORTCUTS: Array<[string, string]> = [
  ["a", "Aprovar (pede confirmação; Enter confirma)"],
  ["r", "Reprovar"],
  ["e", "Em espera"],
  ["d", "Dispensar"],
  ["Ctrl+Enter", "No comentário da decisão: confirmar (Enter faz nova linha)"],
  ["n", "Próximo caso da lista de origem"],
  ["p", "Caso anterior da lista de origem"],
  ["t", "Próximo caso da fila de origem: atribui a você e abre"],
  ["?", "Mostrar estes atalhos"],
  ["Esc", "Fechar a janela aberta"],
  ["j / k", "Na lista: mover entre as linhas"],
  ["Enter", "Na lista: abrir o caso selecionado"],
  ["/", "Na lista: buscar"],
];

/** `canTake`: the analyst may take cases (team review, a role that acts): only then is `t` listed. */
export function ShortcutsDialog({ open, onClose, canTake = false }: { open: boolean; onClose: () => void; canTake?: boolean }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Atalhos do teclado"
      description="Os atalhos não funcionam enquanto você digita em um campo."
      testId="shortcuts-dialog"
    >
      <dl className="grid grid-cols-[5rem_1fr] gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.filter(([key]) => canTake || key !== "t").map(([key, text]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 font-mono text-xs">{key}</kbd>
            </dt>
            <dd className="text-zinc-700">{text}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose} data-autofocus>
          Fechar
        </Button>
      </div>
    </Dialog>
  );
}

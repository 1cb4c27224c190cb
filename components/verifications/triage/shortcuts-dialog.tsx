"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ShortcutList } from "@/components/ui/shortcut-list";

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
      <ShortcutList rows={SHORTCUTS.filter(([key]) => canTake || key !== "t")} />
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose} data-autofocus>
          Fechar
        </Button>
      </div>
    </Dialog>
  );
}

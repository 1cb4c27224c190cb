"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ShortcutList } from "@/components/ui/shortcut-list";
import { SHORTCUTS } from "./triage/shortcuts-dialog";

// The `?` dialog of the list: its own keys first (the team's when the role may act), then the
// case page's, so one dialog lists every key of the console's review work.

export function listShortcuts(canAct: boolean): Array<[string, string]> {
  return [
    ["j / k", "Mover entre as linhas (↓ / ↑ também)"],
    ["Enter", "Abrir o caso selecionado (o também)"],
    ["/", "Buscar"],
    ...(canAct
      ? ([
          ["t", "Próximo caso: pega o próximo da fila atual e o abre"],
          ["x", "Selecionar ou desmarcar a linha atual"],
          ["Shift + clique", "Selecionar um intervalo de linhas"],
        ] as Array<[string, string]>)
      : []),
    ["Tab", "Chegar a filas, visões, filtros, ordenação e ações"],
    ["?", "Mostrar estes atalhos"],
    ["Esc", "Fechar a janela aberta"],
  ];
}

export function ListShortcutsDialog({ open, onClose, canAct }: { open: boolean; onClose: () => void; canAct: boolean }) {
  const caseKeys = SHORTCUTS.filter(([key]) => !["?", "Esc", "j / k", "Enter", "/"].includes(key));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Atalhos do teclado"
      description="Os atalhos não funcionam enquanto você digita em um campo."
      testId="shortcuts-dialog"
    >
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase">Na lista</h3>
      <ShortcutList rows={listShortcuts(canAct)} wide />
      {canAct ? (
        <>
          <h3 className="mt-4 mb-2 text-xs font-semibold tracking-wide text-zinc-600 uppercase">No caso</h3>
          <ShortcutList rows={caseKeys} wide />
        </>
      ) : null}
      <div className="mt-4 flex justify-end">
        <Button onClick={onClose} data-autofocus>
          Fechar
        </Button>
      </div>
    </Dialog>
  );
}

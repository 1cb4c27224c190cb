"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { XIcon } from "@/components/ui/icons";
import { forgetMove, readMove, type TriageMove } from "./triage-mode";

/**
 * On the case the triage mode opened after a decision: which case was decided and which one is
 * now shown (issue 28, item 4), so the page never changes case without saying so.
 */
export function TriageBanner({ id, name }: { id: string; name: string }) {
  const [move, setMove] = useState<TriageMove | null>(null);
  useEffect(() => setMove(readMove(id)), [id]);
  if (!move) return null;
  const decided = move.from.name ?? "o caso anterior";
  return (
    <div
      role="status"
      data-testid="triage-banner"
      className="mb-3 flex items-start justify-between gap-3 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-zinc-800"
    >
      <p>
        Modo triagem: decisão registrada para <strong data-testid="triage-banner-decided">{decided}</strong> ({move.from.decision}). Agora
        você vê <strong data-testid="triage-banner-shown">{name}</strong>.{" "}
        <Link href={`/verifications/${encodeURIComponent(move.from.id)}`} className="font-medium text-brand-700 underline">
          Voltar para {decided}
        </Link>
      </p>
      <button
        type="button"
        onClick={() => {
          forgetMove();
          setMove(null);
        }}
        aria-label="Fechar o aviso do modo triagem"
        className="rounded p-1 text-zinc-500 hover:bg-white/60"
      >
        <XIcon className="size-3.5" />
      </button>
    </div>
  );
}

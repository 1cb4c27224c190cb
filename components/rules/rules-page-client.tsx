"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { useToast } from "@/components/ui/toaster";
import { formatDateTime } from "@/lib/contract/format/date";
import { bffFetch } from "@/lib/query/bff-fetch";
import { bffSend } from "@/lib/query/bff-send";
import { PROFILES, stateBadges, userName, type RulesProfile } from "./ruleset-labels";

// /rules ("Regras", issue 31 item 6): per scoring profile, its rule set versions, newest first,
// with their state (rascunho, publicada, ativa, sombra), who edited and published them, when.
// Admins start a draft from the active version; everyone else reads.

interface Summary {
  id: string;
  profileId: string;
  version: number;
  state: "draft" | "published";
  active: boolean;
  shadow: boolean;
  ruleCount: number;
  createdBy: { email: string | null } | null;
  updatedBy: { email: string | null } | null;
  publishedBy: { email: string | null } | null;
  updatedAt: string;
  publishedAt: string | null;
  activatedAt: string | null;
}

export function RulesPageClient({ canEdit }: { canEdit: boolean }) {
  const search = useSearchParams();
  const router = useRouter();
  const toast = useToast();
  const profile: RulesProfile = search.get("profile") === "prf_kyb_company" ? "prf_kyb_company" : "prf_kyc_person";
  const [creating, setCreating] = useState(false);
  const list = useQuery({
    queryKey: ["rulesets", profile],
    queryFn: ({ signal }) => bffFetch<{ rulesets: Summary[] }>(`/bff/rules/rulesets?profileId=${profile}`, signal),
  });

  const newDraft = async () => {
    setCreating(true);
    try {
      const draft = await bffSend<{ id: string; version: number }>("/bff/rules/rulesets", { method: "POST", body: { profileId: profile } });
      toast.show({ kind: "success", message: `Rascunho da versão ${draft.version} criado a partir da versão ativa.` });
      router.push(`/rules/${draft.id}`);
    } catch (error) {
      toast.show({ kind: "error", message: (error as Error).message });
      setCreating(false);
    }
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-zinc-900">Regras</h1>
          <p className="mt-1 max-w-2xl text-sm text-zinc-600">
            As versões das regras que dão o score de cada perfil. A versão ativa pontua as novas verificações; uma versão em sombra pontua
            ao lado dela, sem efeito.{canEdit ? "" : " Você vê as regras em modo leitura: só admins as alteram."}
          </p>
        </div>
        {canEdit ? (
          <Button variant="primary" data-testid="rules-new-draft" disabled={creating} onClick={newDraft}>
            {creating ? "Criando…" : "Novo rascunho"}
          </Button>
        ) : null}
      </div>

      <nav aria-label="Perfis de score" className="flex gap-1 border-b border-zinc-200">
        {PROFILES.map((p) => (
          <Link
            key={p.id}
            href={`/rules?profile=${p.id}`}
            aria-current={p.id === profile ? "page" : undefined}
            data-testid={`rules-profile-${p.id}`}
            className={
              p.id === profile
                ? "-mb-px border-b-2 border-brand-600 px-3 py-2 text-sm font-medium text-zinc-900"
                : "-mb-px border-b-2 border-transparent px-3 py-2 text-sm text-zinc-600 hover:text-zinc-900"
            }
          >
            {p.label}
          </Link>
        ))}
      </nav>

      <div className="rounded-lg border border-zinc-200 bg-white">
        {list.isPending ? (
          <div className="space-y-2 p-4" aria-busy="true" aria-label="Carregando versões">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : list.isError ? (
          <StateMessage
            kind="error"
            testId="rules-error"
            title="Não foi possível carregar as versões"
            description={list.error.message}
            action={<Button onClick={() => void list.refetch()}>Tentar novamente</Button>}
          />
        ) : list.data.rulesets.length === 0 ? (
          <StateMessage testId="rules-empty" title="Nenhuma versão ainda" description="A versão 1 aparece assim que o serviço a cria." />
        ) : (
          <ul data-testid="rules-versions" className="divide-y divide-zinc-200">
            {list.data.rulesets.map((v) => (
              <li key={v.id} data-version={v.version} className="flex flex-wrap items-center gap-x-4 gap-y-1.5 px-4 py-3">
                <Link href={`/rules/${v.id}`} className="min-w-24 font-medium text-brand-700 hover:underline">
                  Versão {v.version}
                </Link>
                <span className="flex flex-wrap gap-1.5" data-testid="rules-version-state">
                  {stateBadges(v).map((b) => (
                    <Badge key={b.key} tone={b.tone} dot>
                      {b.label}
                    </Badge>
                  ))}
                </span>
                <span className="text-sm text-zinc-600">
                  {v.ruleCount} {v.ruleCount === 1 ? "regra" : "regras"}
                </span>
                <span className="basis-full text-xs text-zinc-600 sm:ml-auto sm:basis-auto sm:text-right">
                  {v.state === "draft" ? (
                    <>
                      Editada por {userName(v.updatedBy ?? v.createdBy)} em {formatDateTime(v.updatedAt)}
                    </>
                  ) : (
                    <>
                      Publicada por {userName(v.publishedBy)}
                      {v.publishedAt ? ` em ${formatDateTime(v.publishedAt)}` : ""}
                      {v.updatedBy ? ` · editada por ${userName(v.updatedBy)}` : ""}
                      {v.active && v.activatedAt ? ` · ativa desde ${formatDateTime(v.activatedAt)}` : ""}
                    </>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { useToast } from "@/components/ui/toaster";
import type { MemberFactors } from "@/lib/contract/mfa";
import type { ReviewSettings } from "@/lib/contract/review";
import { bffFetch } from "@/lib/query/bff-fetch";
import { bffSend } from "@/lib/query/bff-send";
import { reviewKeys, reviewSettingsQuery } from "@/lib/query/review-queries";
import { ROLE_LABELS } from "@/lib/verifications/status";

// /settings, "Segundo fator" (issue 34; admins): the workspace's "MFA obrigatório" policy for
// password accounts, and who has a factor, with "Redefinir" for a person who lost theirs (recorded
// in the audit trail). Both are step-up acts: the API may ask for the password first.

const factorsKey = ["auth", "factors"] as const;

export function MfaSettingsSection() {
  const client = useQueryClient();
  const toast = useToast();
  const settings = useQuery(reviewSettingsQuery());
  const factors = useQuery({ queryKey: factorsKey, queryFn: ({ signal }) => bffFetch<MemberFactors>("/bff/auth/factors", signal) });
  const policy = useMutation({
    mutationFn: (required: boolean) => bffSend<ReviewSettings>("/bff/review/settings", { method: "PUT", body: { mfa: { required } } }),
    onSuccess: (saved) => {
      client.setQueryData(reviewKeys.settings, saved);
      toast.show({ kind: "success", message: saved.mfa.required ? "MFA obrigatório ativado." : "MFA obrigatório desativado." });
    },
    onError: (error) => toast.show({ kind: "error", message: error.message }),
  });
  const reset = useMutation({
    mutationFn: (userId: string) => bffSend<void>(`/bff/auth/members/${userId}/factor-reset`, { method: "POST" }),
    onSuccess: () => {
      toast.show({ kind: "success", message: "Segundo fator redefinido. A pessoa ativa outro ao entrar." });
      void client.invalidateQueries({ queryKey: factorsKey });
    },
    onError: (error) => toast.show({ kind: "error", message: error.message }),
  });

  const required = settings.data?.mfa?.required ?? false;
  return (
    <Section
      title="Segundo fator"
      description="Exija um código de aplicativo autenticador de quem entra com senha, e redefina o fator de quem perdeu o celular."
      testId="mfa-settings"
    >
      <div className="space-y-5">
        {settings.isPending ? (
          <Skeleton className="h-6 w-64" />
        ) : (
          <label className="flex items-start gap-2 text-sm text-zinc-800">
            <input
              type="checkbox"
              className="mt-0.5 size-4"
              checked={required}
              disabled={policy.isPending || settings.isError}
              onChange={(event) => policy.mutate(event.target.checked)}
              data-testid="mfa-required"
            />
            <span>
              <span className="font-medium">MFA obrigatório</span>
              <span className="block text-xs text-zinc-600">
                Contas com senha ativam o segundo fator no próximo login. Contas de integração não são afetadas.
              </span>
            </span>
          </label>
        )}
        {factors.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : factors.isError ? (
          <StateMessage
            testId="mfa-members-error"
            title="Não foi possível listar as pessoas"
            description={factors.error.message}
            action={<Button onClick={() => void factors.refetch()}>Tentar novamente</Button>}
          />
        ) : (
          <ul className="divide-y divide-zinc-100 rounded-md ring-1 ring-zinc-200" data-testid="mfa-members">
            {factors.data.members.map((m) => (
              <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2" data-testid="mfa-member">
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-zinc-900">{m.name}</span>
                  <span className="block truncate text-xs text-zinc-600">
                    {m.email} · {ROLE_LABELS[m.role] ?? m.role}
                  </span>
                </span>
                <span className="flex items-center gap-2">
                  <span className={m.enrolled ? "text-xs font-medium text-emerald-700" : "text-xs text-zinc-600"}>
                    {m.enrolled ? "Com segundo fator" : "Sem segundo fator"}
                  </span>
                  {m.enrolled ? (
                    <Button
                      size="sm"
                      disabled={reset.isPending}
                      onClick={() => {
                        if (window.confirm(`Redefinir o segundo fator de ${m.name}? A pessoa entra só com a senha até ativar outro.`))
                          reset.mutate(m.userId);
                      }}
                      aria-label={`Redefinir o segundo fator de ${m.name}`}
                      data-testid="mfa-reset"
                    >
                      Redefinir
                    </Button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}

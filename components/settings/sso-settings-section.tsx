"use client";

import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { useToast } from "@/components/ui/toaster";
import { SSO_CALLBACK_PATH, SSO_ROLES, type SsoRole } from "@/lib/contract/sso-values";
import type { SsoSettings, SsoSettingsBody } from "@/lib/contract/sso";
import { bffFetch } from "@/lib/query/bff-fetch";
import { bffSend } from "@/lib/query/bff-send";

// "Login único (SSO)" in /settings (admins): the workspace's OpenID Connect provider, saved with
// PUT /api/review/v1/sso through the BFF. The client secret is write-only: the API answers only
// whether one is stored. "Exigir segundo fator do provedor (amr/acr)": the ID token must show a
// second factor (requireMfa; server/sso/mfa-claims.ts), else the sign-in is refused.

const fieldClass =
  "h-9 rounded-md border-0 bg-white px-2.5 text-sm text-zinc-900 shadow-xs ring-1 ring-inset ring-zinc-300 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none";
const inputClass = `${fieldClass} w-full`;
const labelClass = "mb-1 block text-xs font-medium text-zinc-600";

const ROLE_LABELS: Record<SsoRole, string> = { admin: "Admin", analyst: "Analista", viewer: "Leitura" };

const ssoQuery = () =>
  queryOptions({
    queryKey: ["review", "sso"] as const,
    queryFn: ({ signal }) => bffFetch<SsoSettings>("/bff/review/sso", signal),
    staleTime: 60_000,
  });

interface Draft {
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  groupsClaim: string;
  roleMapping: { group: string; role: SsoRole }[];
  passwordAllowed: boolean;
  mfaRequired: boolean;
  mfaAmr: string;
  mfaAcr: string;
}

function toDraft(s: SsoSettings): Draft {
  return {
    enabled: s.configured ? s.enabled : true,
    issuer: s.issuer,
    clientId: s.clientId,
    clientSecret: "",
    domains: s.domains.join("\n"),
    groupsClaim: s.groupsClaim,
    roleMapping: s.roleMapping.length ? s.roleMapping.map((r) => ({ ...r })) : [{ group: "", role: "analyst" }],
    passwordAllowed: s.passwordAllowed,
    mfaRequired: s.requireMfa !== null,
    mfaAmr: s.requireMfa ? s.requireMfa.amr.join(" ") : "mfa",
    mfaAcr: s.requireMfa ? s.requireMfa.acr.join(" ") : "",
  };
}

const words = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((w) => w.trim())
    .filter(Boolean);

export function SsoSettingsSection() {
  const query = useQuery(ssoQuery());
  const queryClient = useQueryClient();
  const toast = useToast();
  const id = useId();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  useEffect(() => {
    if (query.data && !draft) setDraft(toDraft(query.data));
  }, [query.data, draft]);

  const save = useMutation({
    mutationFn: (body: SsoSettingsBody) => bffSend<SsoSettings>("/bff/review/sso", { method: "PUT", body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(ssoQuery().queryKey, settings);
      setDraft(toDraft(settings));
      setProblem(null);
      toast.show({ kind: "success", message: "Login único salvo." });
    },
    onError: (error) => setProblem(error.message),
  });

  const description = "Pessoas dos domínios abaixo entram pelo provedor de identidade da empresa (OpenID Connect).";
  if (query.isError)
    return (
      <Section title="Login único (SSO)" description={description} testId="sso-settings">
        <StateMessage kind="error" testId="sso-error" title="Não foi possível carregar o login único" description={query.error.message} />
      </Section>
    );
  if (!draft || !query.data)
    return (
      <Section title="Login único (SSO)" description={description} testId="sso-settings">
        <Skeleton className="m-4 h-48 rounded-md" />
      </Section>
    );

  const set = (changes: Partial<Draft>) => setDraft({ ...draft, ...changes });
  const setRule = (i: number, change: Partial<Draft["roleMapping"][number]>) =>
    set({ roleMapping: draft.roleMapping.map((r, j) => (j === i ? { ...r, ...change } : r)) });
  const secretSet = query.data.clientSecretSet;

  return (
    <Section title="Login único (SSO)" description={description} testId="sso-settings">
      <form
        data-testid="sso-form"
        noValidate
        className="space-y-4 px-4 py-3 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          if (!secretSet && !draft.clientSecret) return setProblem("Informe o client secret (na primeira configuração ele é obrigatório).");
          const requireMfa = draft.mfaRequired ? { amr: words(draft.mfaAmr), acr: words(draft.mfaAcr) } : null;
          if (requireMfa && requireMfa.amr.length + requireMfa.acr.length === 0)
            return setProblem("Para exigir segundo fator do provedor, informe ao menos um valor de amr ou acr (ex.: mfa).");
          setProblem(null);
          save.mutate({
            enabled: draft.enabled,
            issuer: draft.issuer.trim(),
            clientId: draft.clientId.trim(),
            ...(draft.clientSecret ? { clientSecret: draft.clientSecret } : {}),
            domains: words(draft.domains),
            groupsClaim: draft.groupsClaim.trim() || "groups",
            roleMapping: draft.roleMapping.filter((r) => r.group.trim()).map((r) => ({ group: r.group.trim(), role: r.role })),
            passwordAllowed: draft.passwordAllowed,
            requireMfa,
          });
        }}
      >
        <label className="flex items-center gap-2 text-zinc-800">
          <input
            type="checkbox"
            data-testid="sso-enabled"
            checked={draft.enabled}
            onChange={(e) => set({ enabled: e.target.checked })}
            className="size-4 accent-brand-600"
          />
          Ativar o login único
        </label>
        <div className="grid gap-3 md:grid-cols-2">
          <div className="md:col-span-2">
            <label htmlFor={`${id}-issuer`} className={labelClass}>
              Emissor (issuer)
            </label>
            <input
              id={`${id}-issuer`}
              data-testid="sso-issuer"
              type="url"
              placeholder="https://login.suaempresa.com.br"
              value={draft.issuer}
              onChange={(e) => set({ issuer: e.target.value })}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={`${id}-client`} className={labelClass}>
              Client ID
            </label>
            <input
              id={`${id}-client`}
              data-testid="sso-client-id"
              value={draft.clientId}
              onChange={(e) => set({ clientId: e.target.value })}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={`${id}-secret`} className={labelClass}>
              Client secret
            </label>
            <input
              id={`${id}-secret`}
              data-testid="sso-client-secret"
              type="password"
              autoComplete="new-password"
              placeholder={secretSet ? "Guardado — deixe em branco para manter" : "Obrigatório"}
              value={draft.clientSecret}
              onChange={(e) => set({ clientSecret: e.target.value })}
              className={inputClass}
              aria-describedby={`${id}-secret-help`}
            />
            <p id={`${id}-secret-help`} className="mt-1 text-xs text-zinc-600" data-testid="sso-secret-state">
              {secretSet ? "Um secret está guardado (cifrado); ele nunca é mostrado de novo." : "Nenhum secret guardado ainda."}
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-domains`} className={labelClass}>
              Domínios de e-mail permitidos (um por linha)
            </label>
            <textarea
              id={`${id}-domains`}
              data-testid="sso-domains"
              rows={3}
              placeholder="suaempresa.com.br"
              value={draft.domains}
              onChange={(e) => set({ domains: e.target.value })}
              className="w-full rounded-md px-2.5 py-2 text-sm ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none"
            />
          </div>
          <div>
            <label htmlFor={`${id}-claim`} className={labelClass}>
              Claim de grupos no ID token
            </label>
            <input
              id={`${id}-claim`}
              data-testid="sso-groups-claim"
              value={draft.groupsClaim}
              onChange={(e) => set({ groupsClaim: e.target.value })}
              className={inputClass}
            />
          </div>
        </div>

        <fieldset className="space-y-2">
          <legend className="mb-1 text-xs font-medium text-zinc-600">
            Grupo → papel no Lupa (quem tem vários grupos recebe o papel mais alto)
          </legend>
          {draft.roleMapping.map((rule, i) => (
            <div key={i} className="flex flex-wrap items-center gap-2" data-testid="sso-rule">
              <input
                aria-label={`Grupo ${i + 1}`}
                data-testid={`sso-rule-group-${i}`}
                placeholder="nome do grupo no provedor"
                value={rule.group}
                onChange={(e) => setRule(i, { group: e.target.value })}
                className={`${fieldClass} min-w-0 flex-1 basis-48`}
              />
              <select
                aria-label={`Papel do grupo ${i + 1}`}
                data-testid={`sso-rule-role-${i}`}
                value={rule.role}
                onChange={(e) => setRule(i, { role: e.target.value as SsoRole })}
                className={`${fieldClass} w-32`}
              >
                {SSO_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </select>
              <Button
                size="sm"
                aria-label={`Remover o grupo ${i + 1}`}
                onClick={() => set({ roleMapping: draft.roleMapping.filter((_, j) => j !== i) })}
                disabled={draft.roleMapping.length === 1}
              >
                Remover
              </Button>
            </div>
          ))}
          <Button
            size="sm"
            data-testid="sso-rule-add"
            onClick={() => set({ roleMapping: [...draft.roleMapping, { group: "", role: "analyst" }] })}
          >
            Adicionar grupo
          </Button>
          <p className="text-xs text-zinc-600">Quem não tem nenhum desses grupos é recusado, com uma explicação na tela de entrada.</p>
        </fieldset>

        <label className="flex items-start gap-2 text-zinc-800">
          <input
            type="checkbox"
            data-testid="sso-password-allowed"
            checked={draft.passwordAllowed}
            onChange={(e) => set({ passwordAllowed: e.target.checked })}
            className="mt-0.5 size-4 accent-brand-600"
          />
          <span>
            Permitir também a entrada com senha
            <span className="block text-xs text-zinc-600">Desligado, só contas de integração continuam entrando com senha.</span>
          </span>
        </label>

        <fieldset className="space-y-2">
          <legend className="sr-only">Segundo fator no provedor de identidade</legend>
          <label className="flex items-start gap-2 text-zinc-800">
            <input
              type="checkbox"
              data-testid="sso-mfa-required"
              checked={draft.mfaRequired}
              onChange={(e) => set({ mfaRequired: e.target.checked })}
              className="mt-0.5 size-4 accent-brand-600"
              aria-describedby={`${id}-mfa-help`}
            />
            <span>
              Exigir segundo fator do provedor (amr/acr)
              <span id={`${id}-mfa-help`} className="block text-xs text-zinc-600">
                Desligado, o provedor decide sozinho como as pessoas se autenticam. Ligado, a entrada e a confirmação de identidade pelo
                login único são recusadas se o ID token não trouxer em amr um dos valores abaixo nem um acr da lista.
              </span>
            </span>
          </label>
          {draft.mfaRequired ? (
            <div className="grid gap-3 md:grid-cols-2">
              <div>
                <label htmlFor={`${id}-amr`} className={labelClass}>
                  Valores de amr aceitos (separados por espaço)
                </label>
                <input
                  id={`${id}-amr`}
                  data-testid="sso-mfa-amr"
                  placeholder="mfa otp hwk"
                  value={draft.mfaAmr}
                  onChange={(e) => set({ mfaAmr: e.target.value })}
                  className={inputClass}
                />
              </div>
              <div>
                <label htmlFor={`${id}-acr`} className={labelClass}>
                  Valores de acr aceitos (opcional)
                </label>
                <input
                  id={`${id}-acr`}
                  data-testid="sso-mfa-acr"
                  placeholder="ex.: http://schemas.openid.net/pape/policies/2007/06/multi-factor"
                  value={draft.mfaAcr}
                  onChange={(e) => set({ mfaAcr: e.target.value })}
                  className={inputClass}
                />
              </div>
            </div>
          ) : null}
        </fieldset>

        <div className="rounded-md bg-zinc-50 px-3 py-2 text-xs text-zinc-700 ring-1 ring-zinc-200 ring-inset">
          <p className="font-medium text-zinc-800">URL de retorno para cadastrar no provedor</p>
          <p className="mt-0.5 break-all font-mono" data-testid="sso-callback-url">
            {origin}
            {SSO_CALLBACK_PATH}
          </p>
        </div>

        {problem ? (
          <p role="alert" data-testid="sso-problem" className="text-sm text-rose-700">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button onClick={() => (setDraft(toDraft(query.data)), setProblem(null))}>Descartar alterações</Button>
          <Button type="submit" variant="primary" data-testid="sso-save" disabled={save.isPending}>
            Salvar login único
          </Button>
        </div>
      </form>
    </Section>
  );
}

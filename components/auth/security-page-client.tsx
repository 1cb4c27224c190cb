"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import { StateMessage } from "@/components/ui/state-message";
import { useToast } from "@/components/ui/toaster";
import { bffFetch } from "@/lib/query/bff-fetch";
import { bffSend } from "@/lib/query/bff-send";
import type { FactorStatus } from "@/lib/contract/mfa";
import { formatDateTime } from "@/lib/contract/format/date";
import { TotpEnrolment } from "./totp-enrolment";

// /security – "Segundo fator" (issue 34): enrol a TOTP factor (QR code, a code to confirm it, the
// recovery codes shown once), or remove it (a step-up act: the API may ask for the password first).

const factorKey = ["auth", "factor"] as const;

export function SecurityPageClient() {
  const client = useQueryClient();
  const toast = useToast();
  // not refetched on focus: the recovery codes on screen would give way to "Ativo" while the person saves them elsewhere
  const status = useQuery({
    queryKey: factorKey,
    queryFn: ({ signal }) => bffFetch<FactorStatus>("/bff/auth/factor", signal),
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
  const remove = useMutation({
    mutationFn: () => bffSend<void>("/bff/auth/factor", { method: "DELETE" }),
    onSuccess: () => {
      toast.show({ kind: "success", message: "Segundo fator desativado." });
      void client.invalidateQueries({ queryKey: factorKey });
    },
    onError: (error) => toast.show({ kind: "error", message: error.message }),
  });

  let body;
  if (status.isPending) body = <Skeleton className="h-24 w-full" />;
  else if (status.isError)
    body = (
      <StateMessage
        testId="factor-error"
        title="Não foi possível ler o segundo fator"
        description={status.error.message}
        action={<Button onClick={() => void status.refetch()}>Tentar novamente</Button>}
      />
    );
  else if (status.data.enrolled)
    body = (
      <div className="space-y-3" data-testid="factor-enrolled">
        <p className="text-sm text-zinc-700">
          <span className="font-medium text-emerald-700">Ativo</span>
          {status.data.confirmedAt ? ` desde ${formatDateTime(status.data.confirmedAt)}` : null}. Restam {status.data.recoveryCodesLeft}{" "}
          códigos de recuperação.
        </p>
        {status.data.required ? (
          <p className="text-sm text-zinc-600">Este workspace exige segundo fator: se desativar, você terá de ativar de novo ao entrar.</p>
        ) : null}
        <Button onClick={() => remove.mutate()} disabled={remove.isPending} data-testid="factor-remove">
          Desativar segundo fator
        </Button>
      </div>
    );
  else
    body = (
      <div data-testid="factor-none">
        <TotpEnrolment
          onDone={() => {
            toast.show({ kind: "success", message: "Segundo fator ativado." });
            void client.invalidateQueries({ queryKey: factorKey });
          }}
        />
      </div>
    );

  return (
    <Section
      title="Segundo fator"
      description="Código de 6 dígitos de um aplicativo autenticador, pedido ao entrar e antes de ações sensíveis."
      testId="factor-section"
    >
      {body}
    </Section>
  );
}

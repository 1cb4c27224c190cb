"use client";

import { Button } from "@/components/ui/button";
import { StateMessage } from "@/components/ui/state-message";

export default function VerificationsError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="rounded-lg border border-zinc-200 bg-white">
      <StateMessage
        kind="error"
        testId="page-error"
        title="Não foi possível abrir esta página"
        description="Ocorreu um erro inesperado. Tente novamente; se persistir, avise o suporte."
        action={<Button onClick={() => retry()}>Tentar novamente</Button>}
      />
    </div>
  );
}

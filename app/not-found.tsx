import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { StateMessage } from "@/components/ui/state-message";

export default function NotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center">
      <StateMessage
        testId="page-not-found"
        title="Página não encontrada"
        description="O endereço não existe ou foi movido."
        action={
          <Link href="/verifications" className={buttonClass("secondary")}>
            Ir para verificações
          </Link>
        }
      />
    </main>
  );
}

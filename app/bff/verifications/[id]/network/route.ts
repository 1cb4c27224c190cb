import { networkHandler } from "@/lib/network/bff-handlers";
import { isVerificationId } from "@/lib/verifications/id";

// GET /bff/verifications/:id/network – the verification's lawsuit network ("Rede de processos").
export const GET = networkHandler("verification", isVerificationId, "Verificação não encontrada.");

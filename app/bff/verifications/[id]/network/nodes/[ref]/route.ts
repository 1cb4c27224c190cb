import { nodeHandler } from "@/lib/network/bff-handlers";
import { isVerificationId } from "@/lib/verifications/id";

// GET /bff/verifications/:id/network/nodes/:ref – one node's lawsuits (side panel of the graph).
export const GET = nodeHandler("verification", isVerificationId);

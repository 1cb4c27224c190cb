// Where the e2e servers live. Ports differ from the development defaults (4000/3000) so a running
// development stack is never touched.
import { ROLES, type Role } from "../../lib/contract/enums";

export const API_URL = process.env.LUPA_E2E_API_URL ?? "http://127.0.0.1:4100";
export const WEB_URL = process.env.LUPA_E2E_WEB_URL ?? "http://127.0.0.1:3100";
export const E2E_DATA_DIR = ".lupa-e2e";
export const AUTH_DIR = ".test-output/auth";
/** The certificate of e2e/webhooks.spec.ts's HTTPS receiver, trusted by the e2e API (LUPA_CALLBACK_CA_FILE). */
export const E2E_RECEIVER_CA = ".test-output/e2e-receiver-ca.pem";
export const DEMO_PASSWORD = "lupa-demo";

/** The demo user of each role of the contract. */
export const USERS = {
  admin: "admin@lupa.local",
  analyst: "analyst@lupa.local",
  viewer: "viewer@lupa.local",
  integration: "integration@lupa.local",
} as const satisfies Record<Role, string>;

export { ROLES, type Role };

import { mkdirSync } from "node:fs";
import { API_URL, AUTH_DIR, WEB_URL } from "./env";

// Refuses to run against anything but this machine: the suite creates data and signs users in.
export default function globalSetup(): void {
  for (const url of [API_URL, WEB_URL]) {
    const host = new URL(url).hostname;
    if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(host)) {
      throw new Error(`e2e tests only run against local servers; refusing ${url}`);
    }
  }
  mkdirSync(AUTH_DIR, { recursive: true });
}

// The demo accounts' published password (server/tenancy/demo.ts seeds it; docs/decisions.md,
// "Sessions"). The console reads it to word a refused sign-in; the service refuses it from beyond
// this machine unless LUPA_ALLOW_DEMO=1.
export const DEMO_PASSWORD = "lupa-demo";

/** The service's 401 message for the demo password from beyond its machine (the console words it in pt-BR). */
export const DEMO_PASSWORD_REFUSED = "The demo password signs in only from the service's own machine";

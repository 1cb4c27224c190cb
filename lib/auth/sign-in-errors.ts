// Error codes that authorize() raises and the login form turns into messages. Kept apart from
// options.ts so the browser bundle can import them without pulling in the server code.

export const SIGN_IN_ERRORS = {
  rateLimited: "RateLimited",
  unavailable: "ServiceUnavailable",
  /** The demo password, refused from beyond the service's machine. */
  demoPassword: "DemoPasswordRefused",
} as const;

export function signInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  if (code === "CredentialsSignin") return "E-mail ou senha incorretos.";
  if (code === SIGN_IN_ERRORS.rateLimited) return "Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.";
  if (code === SIGN_IN_ERRORS.demoPassword) return "A senha das contas de demonstração só vale a partir da máquina onde o serviço roda.";
  if (code === "SessionExpired") return "Sua sessão expirou. Entre novamente.";
  return "Serviço indisponível no momento. Tente novamente em instantes.";
}

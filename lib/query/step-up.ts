// Step-up in the browser (issue 34): an act the API refuses with 401 reauthentication_required is
// repeated once the person confirmed their identity. The console layout's StepUpProvider
// (components/auth/step-up-dialog.tsx) registers how to ask (a dialog: senha + código); bffFetch
// and bffSend call it and repeat the request once. Without a provider (the login page), or when
// the person cancels, the 401 stands.

type Ask = () => Promise<boolean>;

let ask: Ask | null = null;
let pending: Promise<boolean> | null = null;

/** Registers the dialog; answers the function that unregisters it. */
export function setStepUpHandler(handler: Ask): () => void {
  ask = handler;
  return () => {
    if (ask === handler) ask = null;
  };
}

/** Asks once for concurrent refusals (two acts refused together open one dialog). True when confirmed. */
export function requestStepUp(): Promise<boolean> {
  if (!ask) return Promise.resolve(false);
  pending ??= ask().finally(() => {
    pending = null;
  });
  return pending;
}

export const REAUTHENTICATION_REQUIRED = "reauthentication_required";

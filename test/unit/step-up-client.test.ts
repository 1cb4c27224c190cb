// The console's fetch layer and step-up (issue 34): a 401 reauthentication_required asks the
// registered dialog once, then repeats the act once; cancelled, the refusal stands; two acts
// refused together open one dialog; other 401s never ask.
import { afterEach, describe, expect, it, vi } from "vitest";
import { bffSend } from "../../lib/query/bff-send";
import { bffFetch, BffError } from "../../lib/query/bff-fetch";
import { setStepUpHandler } from "../../lib/query/step-up";

const refusal = (code = "reauthentication_required") =>
  new Response(JSON.stringify({ error: { code, message: "Confirme sua identidade para continuar." } }), { status: 401 });
const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

let unregister: (() => void) | null = null;
afterEach(() => {
  unregister?.();
  unregister = null;
  vi.unstubAllGlobals();
});

describe("step-up in the fetch layer", () => {
  it("asks, then repeats the act once", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(refusal())
      .mockResolvedValueOnce(ok({ formatted: "529.982.247-25" }));
    vi.stubGlobal("fetch", fetch);
    const ask = vi.fn().mockResolvedValue(true);
    unregister = setStepUpHandler(ask);
    await expect(bffSend("/bff/review/cases/x/reveal", { method: "POST" })).resolves.toEqual({ formatted: "529.982.247-25" });
    expect(ask).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("leaves the act undone when the person cancels, and without a dialog", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn().mockImplementation(async () => refusal()),
    );
    unregister = setStepUpHandler(async () => false);
    await expect(bffFetch("/bff/audit/export")).rejects.toMatchObject({ status: 401, code: "reauthentication_required" });
    unregister();
    unregister = null;
    await expect(bffSend("/bff/review/settings", { method: "PUT", body: {} })).rejects.toBeInstanceOf(BffError);
  });

  it("opens one dialog for acts refused together, and none for other 401s", async () => {
    let calls = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn().mockImplementation(async () => (++calls <= 2 ? refusal() : ok({ ok: true }))),
    );
    let release: (value: boolean) => void = () => {};
    const ask = vi.fn(() => new Promise<boolean>((resolve) => (release = resolve)));
    unregister = setStepUpHandler(ask);
    const both = Promise.all([bffSend("/a", { method: "POST" }), bffSend("/b", { method: "POST" })]);
    await vi.waitFor(() => expect(ask).toHaveBeenCalledTimes(1));
    release(true);
    await expect(both).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(ask).toHaveBeenCalledTimes(1);

    vi.stubGlobal(
      "fetch",
      vi.fn().mockImplementation(async () => refusal("unauthorized")),
    );
    await expect(bffSend("/c", { method: "POST" })).rejects.toMatchObject({ code: "unauthorized" });
    expect(ask).toHaveBeenCalledTimes(1);
  });
});

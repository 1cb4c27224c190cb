// Keeps, from a CSV stream (the review API's export: `;`-separated, RFC 4180 quoting, CRLF rows,
// the id in the first cell), the header and the rows whose id is one of `ids`: "Exportar CSV" of a
// selection. A quoted cell may hold line breaks; a row ends only at a line break outside quotes.

export function selectCsvRows(ids: ReadonlySet<string>): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const encoder = new TextEncoder();
  let pending = "";
  let quoted = false;
  let header = true;
  let scanned = 0;

  function flush(controller: TransformStreamDefaultController<Uint8Array>, final: boolean) {
    let out = "";
    let start = 0;
    for (let i = scanned; i < pending.length; i++) {
      const ch = pending[i];
      if (ch === '"') quoted = !quoted;
      else if (ch === "\n" && !quoted) {
        const row = pending.slice(start, i + 1);
        start = i + 1;
        if (header) {
          out += row;
          header = false;
        } else if (ids.has(row.slice(0, row.search(/[;\r\n]/)).toLowerCase())) out += row;
      }
    }
    pending = pending.slice(start);
    scanned = pending.length;
    if (final && pending && !header && ids.has(pending.slice(0, Math.max(0, pending.search(/[;\r\n]/))).toLowerCase())) out += pending;
    if (out) controller.enqueue(encoder.encode(out));
  }

  return new TransformStream({
    transform(chunk, controller) {
      pending += decoder.decode(chunk, { stream: true });
      flush(controller, false);
    },
    flush(controller) {
      pending += decoder.decode();
      flush(controller, true);
    },
  });
}

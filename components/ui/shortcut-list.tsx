// A list of keyboard shortcuts, key beside what it does: the `?` dialogs of the list and of the case.

export function ShortcutList({ rows, wide = false }: { rows: ReadonlyArray<readonly [string, string]>; wide?: boolean }) {
  return (
    <dl className={`grid ${wide ? "grid-cols-[7rem_1fr]" : "grid-cols-[5rem_1fr]"} gap-x-4 gap-y-2 text-sm`}>
      {rows.map(([key, text]) => (
        <div key={key} className="contents">
          <dt>
            <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 font-mono text-xs">{key}</kbd>
          </dt>
          <dd className="text-zinc-700">{text}</dd>
        </div>
      ))}
    </dl>
  );
}

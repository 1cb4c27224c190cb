import Link from "next/link";

// The case timeline's "Abrir o grafo salvo" under a graph.snapshot_saved event: the snapshot
// reopens as it was saved, whatever release the registry is on now.

export function SnapshotLink({ caseId, data }: { caseId: string; data: Record<string, unknown> }) {
  const id = typeof data.snapshotId === "string" ? data.snapshotId : null;
  if (!id) return null;
  return (
    <Link
      href={`/investigate?case=${encodeURIComponent(caseId)}&snapshot=${encodeURIComponent(id)}`}
      className="text-xs font-medium text-brand-700 hover:underline"
      data-testid="timeline-snapshot-link"
    >
      Abrir o grafo salvo
    </Link>
  );
}

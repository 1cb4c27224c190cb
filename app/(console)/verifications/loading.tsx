import { Skeleton } from "@/components/ui/skeleton";
import { VerificationsTableSkeleton } from "@/components/verifications/verifications-table";

export default function Loading() {
  return (
    <div>
      <Skeleton className="mb-2 h-6 w-40" />
      <Skeleton className="mb-5 h-4 w-28" />
      <Skeleton className="mb-3 h-12 w-full max-w-3xl" />
      <div className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
        <VerificationsTableSkeleton />
      </div>
    </div>
  );
}

import { Skeleton } from "@/components/ui/skeleton";
import { DetailSkeleton } from "@/components/verifications/verification-page-client";

export default function Loading() {
  return (
    <div className="space-y-4">
      <Skeleton className="h-4 w-24" />
      <DetailSkeleton />
    </div>
  );
}

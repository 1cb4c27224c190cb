import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Button } from "./button";
import { Skeleton } from "./skeleton";
import { StateMessage } from "./state-message";

// A list's three states before its rows, in one place: skeleton rows while it loads, the error with
// "Tentar de novo", the empty message; the rows (`children`) once there are some. Test ids are
// `${testId}-loading`, `${testId}-error` and `${testId}-empty`.

export function QueryState<T>({
  query,
  testId,
  loadingLabel,
  errorTitle,
  isEmpty,
  emptyTitle,
  emptyDescription,
  skeletonClassName = "h-10",
  children,
}: {
  query: UseQueryResult<T, Error>;
  testId: string;
  /** What is loading, for screen readers ("Carregando as sessões"). */
  loadingLabel: string;
  errorTitle: string;
  isEmpty: (data: T) => boolean;
  emptyTitle: string;
  emptyDescription?: ReactNode;
  skeletonClassName?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="space-y-2 p-4" data-testid={`${testId}-loading`} role="status" aria-label={loadingLabel} aria-busy="true">
        <Skeleton className={`${skeletonClassName} w-full`} />
        <Skeleton className={`${skeletonClassName} w-full`} />
      </div>
    );
  if (query.isError)
    return (
      <StateMessage
        kind="error"
        testId={`${testId}-error`}
        title={errorTitle}
        description={query.error.message}
        action={<Button onClick={() => void query.refetch()}>Tentar de novo</Button>}
      />
    );
  if (isEmpty(query.data)) return <StateMessage testId={`${testId}-empty`} title={emptyTitle} description={emptyDescription} />;
  return children(query.data);
}

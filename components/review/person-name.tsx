"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTeamReview } from "@/components/review/team-review-context";
import { peopleQuery } from "@/lib/query/review-queries";

// One display name per person (issue 28, item 9): the member's name wherever the API gives an id
// and an e-mail (the list's "Responsável", dialogs, decisions, notes, the timeline, the audit),
// the e-mail on hover. "Responsável" showed the e-mail in the list and the name in the dialog.
// Without the review API (a bare deployment) there is no directory: the e-mail stands in.

export interface PersonRef {
  id: string | null;
  email: string | null;
}

/** The name of a person (or their e-mail, or a short id, while the directory is not in). */
export function usePersonName(): (person: PersonRef) => string {
  const team = useTeamReview();
  const people = useQuery({ ...peopleQuery(), enabled: team !== null });
  return useCallback(
    (person: PersonRef) => {
      const found = person.id ? people.data?.people.find((p) => p.id === person.id) : undefined;
      return found?.name ?? person.email ?? (person.id ? `Usuário ${person.id.slice(0, 8)}` : "Serviço");
    },
    [people.data],
  );
}

/** A person's display name, the e-mail on hover; "Você" for the signed-in person when `me`. */
export function PersonName({ person, me = false, testId }: { person: PersonRef; me?: boolean; testId?: string }) {
  const nameOf = usePersonName();
  const name = nameOf(person);
  return (
    <span
      data-testid={testId}
      data-person={person.id ?? ""}
      title={[me ? name : null, person.email].filter(Boolean).join(" · ") || undefined}
    >
      {me ? "Você" : name}
    </span>
  );
}

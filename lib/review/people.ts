import "server-only";
import { reviewFetch } from "@/lib/api/review";
import type { PeopleList } from "@/lib/contract/review";
import type { PersonEntry } from "@/lib/query/review-queries";

/** Everyone of the workspace, as the browser gets it (GET /bff/review/people, and the pages' prefetch). */
export async function readPeople(token: string, signal?: AbortSignal): Promise<{ people: PersonEntry[] }> {
  const { people } = await reviewFetch<PeopleList>("/people", { token, signal });
  return { people: people.map((p) => ({ id: p.id, name: p.name, email: p.email })) };
}

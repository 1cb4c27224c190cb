// The v3 profile resource (spec 2.5b): { profile: {id, name, kind}, entity, modules: {<module>: {dataset}} }.
import type { Profile } from "../../profiles/find-profile";

export function toProfileResource(p: Profile): Record<string, unknown> {
  return {
    profile: { id: p.id, name: p.name, kind: p.kind },
    entity: p.entity,
    modules: Object.fromEntries(Object.entries(p.modules ?? {}).map(([name, config]) => [name, { dataset: config.dataset }])),
  };
}

// The v3 profile resource (spec 2.5b): { profile: {id, name, kind}, entity, modules: {<module>: {dataset}} }.
import type { Profile } from "../../profiles/find-profile";
import type { Entity, Profile as ProfileResource, ProfileKind } from "../../../lib/contract";

export function toProfileResource(p: Profile): ProfileResource {
  return {
    profile: { id: p.id, name: p.name, kind: p.kind as ProfileKind },
    entity: p.entity as Entity,
    modules: Object.fromEntries(Object.entries(p.modules ?? {}).map(([name, config]) => [name, { dataset: config.dataset }])),
  };
}

// v3 routes: enrichments, profiles, callback secret.
import type { FastifyInstance } from "fastify";
import type { Services } from "../context";

export function registerV3Routes(_app: FastifyInstance, _s: Services): void {}

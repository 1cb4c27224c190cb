// Request validation with zod: one schema per resource, used to parse the request, to type the
// handler and to document the route in OpenAPI (z.toJSONSchema).
import { z } from "zod";

/** "field: problem; other: problem": names fields, never echoes values. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const where = issue.path.length ? issue.path.join(".") : "body";
      if (issue.code === "unrecognized_keys") return `${where}: unknown field(s) ${issue.keys.join(", ")}`;
      if (issue.code === "invalid_type") return `${where}: expected ${issue.expected}`;
      return `${where}: ${issue.message}`;
    })
    .join("; ");
}

/** JSON Schema of a zod schema, for the OpenAPI document. */
export function jsonSchema(schema: z.ZodType, io: "input" | "output" = "input"): Record<string, unknown> {
  return z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
}

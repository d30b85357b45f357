import { z } from "zod";
import { CLOUD_ROUTES, type CloudRoute } from "./cloud-routes.js";
import { ERROR_CODES, STATUS_OF_CODE, errorBodySchema } from "./error-messages.js";

type JsonObject = Record<string, unknown>;

/** A request body as JSON Schema: the shape a caller may send (inputs, before defaults). */
function requestSchema(schema: z.ZodType): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return rest;
}

/** An answer as JSON Schema: the shape the server sends. */
function answerSchema(schema: z.ZodType): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" });
  return rest;
}

function operation(name: string, route: CloudRoute): JsonObject {
  const parameters = [...route.path.matchAll(/:(\w+)/g)].map((match) => ({
    name: match[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const errorStatuses = [...new Set(Object.values(STATUS_OF_CODE))].sort((a, b) => a - b);
  const errors = Object.fromEntries(
    errorStatuses.map((status) => [
      String(status),
      { $ref: "#/components/responses/Error" } satisfies JsonObject,
    ]),
  );
  return {
    operationId: name,
    summary: route.summary,
    ...(parameters.length ? { parameters } : {}),
    ...(route.authenticated ? {} : { security: [] }),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: requestSchema(route.body) } },
          },
        }
      : {}),
    responses: {
      "200": {
        description: "Success.",
        content: { "application/json": { schema: answerSchema(route.answer) } },
      },
      ...errors,
    },
  };
}

/**
 * The OpenAPI 3.1 document of Loupe Cloud's HTTP API, generated from the same zod schemas the server
 * validates with and the SDK parses answers with, so it cannot drift from either.
 */
export function cloudOpenApiDocument(version: string): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const [name, route] of Object.entries(CLOUD_ROUTES) as [string, CloudRoute][]) {
    const path = route.path.replace(/:(\w+)/g, "{$1}");
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(name, route) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Loupe Cloud",
      version,
      description:
        "Plain-HTTP fetch, hosted browser sessions and server-side extract/act. Errors are " +
        `{ statusCode, error, message, id } with error one of: ${ERROR_CODES.join(", ")}.`,
    },
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "A project's API key." } },
      responses: {
        Error: {
          description: "An error answer.",
          content: { "application/json": { schema: answerSchema(errorBodySchema) } },
        },
      },
    },
  };
}

import type { z } from "zod";
import { fetchBodySchema, fetchResultSchema } from "./fetch-messages.js";
import {
  actAnswerSchema,
  actBodySchema,
  createSessionBodySchema,
  extractAnswerSchema,
  extractBodySchema,
  sessionInfoSchema,
} from "./session-messages.js";
import { healthAnswerSchema, usageAnswerSchema } from "./usage-messages.js";

/** The port Loupe Cloud serves on when none is given, and the one clients reach by default. */
export const DEFAULT_CLOUD_PORT = 4455;

/** One route of Loupe Cloud's HTTP API. */
export interface CloudRoute {
  method: "GET" | "POST" | "DELETE";
  /** With `:name` parameters, as the server registers it. */
  path: string;
  summary: string;
  /** The JSON body it takes, when it takes one. */
  body?: z.ZodType;
  /** Its 2xx answer. */
  answer: z.ZodType;
  /** False only for the routes that need no `Authorization: Bearer <key>`. */
  authenticated: boolean;
}

/** Every route of the Cloud HTTP API, by name: the server, the SDK and the OpenAPI document use it. */
export const CLOUD_ROUTES = {
  fetch: {
    method: "POST",
    path: "/v1/fetch",
    summary: "Fetch a URL over plain HTTP (no JavaScript) as raw, markdown or schema-shaped JSON.",
    body: fetchBodySchema,
    answer: fetchResultSchema,
    authenticated: true,
  },
  createSession: {
    method: "POST",
    path: "/v1/sessions",
    summary: "Start a hosted browser session; its connectUrl is a CDP websocket for the session's project.",
    body: createSessionBodySchema,
    answer: sessionInfoSchema,
    authenticated: true,
  },
  getSession: {
    method: "GET",
    path: "/v1/sessions/:id",
    summary: "A session's state.",
    answer: sessionInfoSchema,
    authenticated: true,
  },
  endSession: {
    method: "DELETE",
    path: "/v1/sessions/:id",
    summary: "End a session.",
    answer: sessionInfoSchema,
    authenticated: true,
  },
  extract: {
    method: "POST",
    path: "/v1/sessions/:id/extract",
    summary: "Extract from a session's page with the server's model: page text, an answer, or schema data.",
    body: extractBodySchema,
    answer: extractAnswerSchema,
    authenticated: true,
  },
  act: {
    method: "POST",
    path: "/v1/sessions/:id/act",
    summary: "Perform one action on a session's page, chosen by the server's model.",
    body: actBodySchema,
    answer: actAnswerSchema,
    authenticated: true,
  },
  usage: {
    method: "GET",
    path: "/v1/usage",
    summary: "Usage of the key's project, by kind.",
    answer: usageAnswerSchema,
    authenticated: true,
  },
  health: {
    method: "GET",
    path: "/healthz",
    summary: "200 while the server is serving.",
    answer: healthAnswerSchema,
    authenticated: false,
  },
} as const satisfies Record<string, CloudRoute>;

/** A route's name. */
export type CloudRouteName = keyof typeof CLOUD_ROUTES;

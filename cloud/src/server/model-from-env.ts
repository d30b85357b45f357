import { serviceModelFromEnvironment, type ModelConfiguration } from "@loupe/core/engine";

/** The model server-side work uses, from the environment (SURFACE §3.1), read as core reads it. */
export function modelFromEnv(env: NodeJS.ProcessEnv = process.env): ModelConfiguration {
  return serviceModelFromEnvironment(env);
}

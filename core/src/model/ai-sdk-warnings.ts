/**
 * Keeps the AI SDK from printing its own warnings ("AI SDK Warning: temperature is not supported…") to
 * the console of every program that uses Loupe. Loupe reports what matters through its own errors.
 */

/**
 * Turns AI SDK warning output off, unless the application has already chosen what to do with it: the
 * switch is a process-wide global (`globalThis.AI_SDK_LOG_WARNINGS`), so an explicit choice (a logger
 * function, or `false`) made by the application is left alone. Safe to call before every model call.
 */
export function silenceAISDKWarnings(): void {
  if (globalThis.AI_SDK_LOG_WARNINGS === undefined) globalThis.AI_SDK_LOG_WARNINGS = false;
}

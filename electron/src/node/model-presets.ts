/**
 * Local OpenAI-compatible servers people run models on, with their usual addresses, offered as one-click
 * settings. Kept with the service, beside core's provider table, so the renderer names no model itself.
 */
export const LOCAL_MODEL_PRESETS = [
  { label: "Ollama", model: "ollama/llama3.2", baseURL: "http://127.0.0.1:11434/v1" },
  // LM Studio answers for whichever model is loaded; "local-model" is the name its docs use.
  { label: "LM Studio", model: "openai/local-model", baseURL: "http://127.0.0.1:1234/v1" },
] as const;

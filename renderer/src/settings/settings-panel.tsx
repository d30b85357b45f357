import { useEffect, useState, type FormEvent } from "react";
import type { StudioSettings } from "@loupe/studio/common";
import { useStudio } from "../api/studio-context.js";
import "./settings-panel.css";

/** Model, key and base URL. The key goes to the main process and never comes back, only whether one is set. */
export function SettingsPanel() {
  const client = useStudio();
  const [settings, setSettings] = useState<StudioSettings>();
  const [model, setModel] = useState("");
  const [baseURL, setBaseURL] = useState("");
  const [apiKey, setApiKey] = useState("");
  const [message, setMessage] = useState<{ error: boolean; text: string }>();

  const show = (next: StudioSettings) => {
    setSettings(next);
    setModel(next.model);
    setBaseURL(next.baseURL ?? "");
  };
  useEffect(() => {
    client
      .call("settings.get", {})
      .then(show, (error: Error) => setMessage({ error: true, text: error.message }));
  }, [client]);

  const attempt = async (work: () => Promise<StudioSettings>, done: string) => {
    try {
      show(await work());
      setMessage({ error: false, text: done });
    } catch (error) {
      setMessage({ error: true, text: error instanceof Error ? error.message : String(error) });
    }
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    void attempt(
      () =>
        client.call("settings.set", { model: model.trim(), baseURL: baseURL.trim() ? baseURL.trim() : null }),
      "Saved.",
    );
  };
  const saveKey = (event: FormEvent) => {
    event.preventDefault();
    if (!settings) return;
    void attempt(async () => {
      const next = await client.call("settings.setApiKey", { provider: settings.provider, apiKey });
      setApiKey("");
      return next;
    }, "Key saved in the system keychain.");
  };

  if (!settings) return <p>{message?.text ?? "Loading settings…"}</p>;
  return (
    <div className="settings-panel">
      <form onSubmit={save} aria-label="Model settings">
        <label className="field">
          <span>Model (provider/model)</span>
          <input
            value={model}
            onChange={(e) => setModel(e.target.value)}
            placeholder={settings.defaultModel}
            list="settings-providers"
          />
          {/* The providers the engine supports, as the start of a model name. */}
          <datalist id="settings-providers">
            {settings.providers.map((provider) => (
              <option key={provider.name} value={`${provider.name}/`} />
            ))}
          </datalist>
        </label>
        <label className="field">
          <span>Base URL (an OpenAI-compatible server; empty for the provider's own)</span>
          <input
            value={baseURL}
            onChange={(e) => setBaseURL(e.target.value)}
            placeholder={settings.presets[0]?.baseURL}
          />
        </label>
        <div className="presets" role="group" aria-label="Presets">
          {settings.presets.map((preset) => (
            <button
              key={preset.label}
              type="button"
              onClick={() => {
                setModel(preset.model);
                setBaseURL(preset.baseURL);
              }}
            >
              {preset.label}
            </button>
          ))}
        </div>
        <button type="submit">Save settings</button>
      </form>
      <KeyStatus settings={settings} />
      {settings.keysPersistent ? (
        <form onSubmit={saveKey} aria-label="API key">
          <label className="field">
            <span>API key for {settings.provider}</span>
            <input
              type="password"
              autoComplete="off"
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
            />
          </label>
          <div className="actions">
            <button type="submit" disabled={!apiKey.trim()}>
              Save key
            </button>
            {settings.keySource === "store" ? (
              <button
                type="button"
                onClick={() =>
                  void attempt(
                    () => client.call("settings.deleteApiKey", { provider: settings.provider }),
                    "Key removed.",
                  )
                }
              >
                Remove key
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
      {message ? (
        <p role={message.error ? "alert" : "status"} className={message.error ? "error" : "ok"}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}

/** Where the key comes from, or what to set when there is none. */
function KeyStatus({ settings }: { settings: StudioSettings }) {
  const variables = settings.keyVariables.join(" or ");
  switch (settings.keySource) {
    case "store":
      return <p className="key-status ok">A key for {settings.provider} is kept in the system keychain.</p>;
    case "environment":
      return (
        <p className="key-status ok">
          The key for {settings.provider} comes from the environment ({variables}).
        </p>
      );
    case "not_needed":
      return (
        <p className="key-status ok">
          {settings.baseURL
            ? `The model server at ${settings.baseURL} runs on this machine and needs no key.`
            : `${settings.provider} runs locally and needs no key.`}
        </p>
      );
    case "none":
      return (
        <div className="key-status missing" role="note">
          <p>
            <strong>No API key for {settings.provider}.</strong> Extract with an instruction and act need the
            model; the page text, the snapshot and fetch (raw, markdown) work without it.
          </p>
          <p>
            {settings.keysPersistent
              ? `Enter the key below, or set ${variables} and restart the Studio.`
              : `In web mode keys come from environment variables: set ${variables} and restart the Studio.`}
          </p>
        </div>
      );
  }
}

/**
 * Every error `@loupe/core` throws, in one place. Each message says what went wrong and what to change;
 * callers branch on the class (or on `FetchError.code`), never on the message text.
 */
import { formatIssuePath } from "./extract/schema/issue-path.js";
import type { ErrorCode } from "./protocol/error-messages.js";

/** Base class of every error Loupe throws. Catch it to handle all of them at once. */
export class ClientError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** One problem found while validating extracted data against the caller's schema. */
export interface SchemaIssue {
  /** Where in the value the problem is, as object keys and array indexes from the top. */
  path: (string | number)[];
  /** What is wrong there, in words. */
  message: string;
}

/** The extracted data did not match the schema, even after the model was given one turn to repair it. */
export class SchemaValidationError extends ClientError {
  constructor(
    /** The problems found in the final attempt. */
    readonly issues: SchemaIssue[],
    /** The value the model produced (after link ids were turned into URLs where possible). */
    readonly received: unknown,
  ) {
    super(
      `The extracted data does not match the schema after one repair turn:\n` +
        issues.map((i) => `  - ${formatIssuePath(i.path)}: ${i.message}`).join("\n") +
        `\nMake the schema looser (optional fields, wider types) or the instruction more precise.`,
    );
  }
}

/** Reading or processing the page's DOM or accessibility tree failed. */
export class ClientDomProcessError extends ClientError {}

/** Evaluating JavaScript in the page failed. */
export class ClientEvalError extends ClientError {}

/** The iframe that holds the target element cannot be resolved. */
export class ClientIframeError extends ClientError {}

/** The content frame behind a frame element (for a `selector`) cannot be obtained. */
export class ContentFrameNotFoundError extends ClientError {
  constructor(readonly selector: string) {
    super(
      `The frame behind "${selector}" has no content document that can be read (it may still be loading ` +
        `or have been removed). Wait for the frame to load, or choose a selector inside it.`,
    );
  }
}

/** An XPath does not resolve to any element in the page or its frames. */
export class XPathResolutionError extends ClientError {
  constructor(
    readonly xpath: string,
    /** The chained selector the XPath is a step of (see `reusableSelector`), when it is one. */
    readonly selector?: string,
  ) {
    super(
      selector === undefined
        ? `The XPath "${xpath}" matches no element in the page, its frames or its shadow roots. ` +
            `Check it in the browser's devtools ($x("${xpath}")) or use a CSS selector.`
        : `The XPath "${xpath}", a step of selector "${selector}", matches no element where the steps ` +
            `before it lead. Check each step in the browser's devtools; the page may have changed.`,
    );
  }
}

/** A selector's shadow step follows an element that has no shadow root. */
export class ClientShadowRootMissingError extends ClientError {
  constructor(
    /** The whole selector. */
    readonly selector: string,
    /** The step before the shadow step: the one that matched the element without a shadow root. */
    readonly step: string,
    /** The tag of the element it matched, like `div`. */
    readonly tagName: string,
  ) {
    super(
      `The step "${step}" of selector "${selector}" matches a <${tagName}> that has no shadow root, so the ` +
        `element inside its shadow root cannot be resolved. The page may have changed (the component not ` +
        `rendered yet, or replaced), or the step names the wrong element: check it in the browser's devtools.`,
    );
  }
}

/** The model's answer could not be used: not JSON, not the requested shape, or an error from the provider. */
export class LLMResponseError extends ClientError {
  constructor(
    message: string,
    options?: {
      cause?: unknown;
      /** The text the model answered with, when there was one. */
      responseText?: string;
    },
  ) {
    super(message, options);
    this.responseText = options?.responseText;
  }
  readonly responseText: string | undefined;
}

/** A model call is needed but no API key or model client is configured. */
export class MissingLLMConfigurationError extends ClientError {}

/** The model string names a provider Loupe does not support. */
export class UnsupportedModelError extends ClientError {}

/** The model string is not of the form `provider/model`. */
export class InvalidAISDKModelFormatError extends ClientError {}

/** An extract (or act) took longer than its `timeout`; the model request in flight was aborted. */
export class ExtractTimeoutError extends ClientError {
  constructor(
    readonly operation: "extract" | "act",
    readonly timeoutMs: number,
    /**
     * True when the time ran out while Loupe was still reading the page (attaching to it, capturing it,
     * waiting for it to settle before acting), not waiting on the model.
     */
    readonly whileReadingPage = false,
  ) {
    super(
      whileReadingPage
        ? `${operation}() did not finish within its timeout of ${timeoutMs} ms: the page had not answered Loupe's read by then ` +
            `(a script on it may be running without end, or the page is very large). Raise \`timeout\` for a large page; ` +
            `a page stuck in a script answers nothing more: open it again in a new page.`
        : `${operation}() did not finish within its timeout of ${timeoutMs} ms; the work in flight (the model request, if one was under way) was aborted. ` +
            `Raise \`timeout\`, use a faster model, or narrow the page with \`selector\`.`,
    );
  }
}

/** A `cloud.fetch()` request failed local validation; nothing was sent. */
export class FetchValidationError extends ClientError {}

/** The codes Loupe Cloud answers a failed fetch with (the protocol's error codes). */
export type FetchErrorCode = ErrorCode;

/** Loupe Cloud answered a fetch with an error. A target's own 4xx/5xx is not this: it is `statusCode`. */
export class FetchError extends ClientError {
  constructor(
    message: string,
    /** The service's HTTP status. */
    readonly status: number,
    /** What kind of failure, for programs to branch on. */
    readonly code: FetchErrorCode,
    /** The service's id for the request, to quote when reporting a problem. */
    readonly requestId?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A field the browser finds invalid, with a sentence naming it. */
export interface InvalidField {
  element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  message: string;
}

/**
 * The first field of `form` the browser's constraint validation rejects, named by its label. Forms are
 * `noValidate` so the browser never blocks a submit in silence (its bubble may not show at all, and
 * Ctrl+Enter from the editor bypasses it): the panel says what is wrong instead.
 */
export function firstInvalidField(form: HTMLFormElement): InvalidField | undefined {
  for (const element of form.elements) {
    if (
      !(
        element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement
      ) ||
      element.validity.valid
    )
      continue;
    const label = element.labels?.[0]?.textContent?.trim() || element.name || "A field";
    return { element, message: `${label}: ${element.validationMessage || "the value is not valid."}` };
  }
  return undefined;
}

/**
 * A value as a CSS identifier, by the CSSOM's `CSS.escape` algorithm (the browser's own function is not
 * there in Node, where the Studio builds selectors).
 */
export function cssIdentifier(value: string): string {
  let out = "";
  const first = value.charCodeAt(0);
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const char = value.charAt(i);
    if (code === 0) out += "\uFFFD";
    else if ((code >= 0x1 && code <= 0x1f) || code === 0x7f) out += hexEscape(code);
    else if (i === 0 && code >= 0x30 && code <= 0x39) out += hexEscape(code);
    else if (i === 1 && code >= 0x30 && code <= 0x39 && first === 0x2d) out += hexEscape(code);
    else if (i === 0 && code === 0x2d && value.length === 1) out += `\\${char}`;
    else if (code >= 0x80 || code === 0x2d || code === 0x5f || /[0-9A-Za-z]/.test(char)) out += char;
    else out += `\\${char}`;
  }
  return out;
}

/** A value as a double-quoted CSS string (for attribute selectors). */
export function cssString(value: string): string {
  let out = '"';
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char === '"' || char === "\\") out += `\\${char}`;
    else if (code < 0x20 || code === 0x7f) out += hexEscape(code);
    else out += char;
  }
  return `${out}"`;
}

function hexEscape(code: number): string {
  return `\\${code.toString(16)} `;
}

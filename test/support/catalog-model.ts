/**
 * A faithful model for catalog pages: what it answers for a prompt is every card whose title link and
 * price are both in the prompt's page (the whole snapshot, or one part of it), with the link's id.
 * Whatever comes back from a split extract is then what the splitting and merging made of it.
 */
import type { RecordedModelRequest } from "./model-server.js";

/** One card as the model answers it: the link is the id of its title link. */
export interface AnsweredCard {
  title: string;
  price: string;
  link: string;
}

/** The JSON Schema of a catalog answer: `{ products: [{ title, price, link }] }`, link a URL. */
export const CATALOG_JSON_SCHEMA = {
  type: "object",
  properties: {
    products: {
      type: "array",
      items: {
        type: "object",
        properties: {
          title: { type: "string" },
          price: { type: "string" },
          link: { type: "string", format: "uri" },
        },
        required: ["title", "price", "link"],
      },
    },
  },
  required: ["products"],
};

/** The lines of a prompt's page: its part's lines, or the whole snapshot when it was sent whole. */
export function promptPageLines(request: RecordedModelRequest): string[] {
  const user = request.messages().find((m) => m.role === "user")?.text ?? "";
  const marker = /^Page snapshot(?:, part \d+ of \d+)?:$/m.exec(user);
  return marker ? user.slice(marker.index + marker[0].length + 1).split("\n") : [];
}

/** Every card whose title link and price are both in the prompt's page, in page order. */
export function cardsInPrompt(request: RecordedModelRequest): AnsweredCard[] {
  const lines = promptPageLines(request);
  const cards: AnsweredCard[] = [];
  lines.forEach((line, i) => {
    const link = /^\s*\[(\d+-\d+)\] link: (.+ NX-\d+)$/.exec(line);
    const price = lines[i + 1]?.trim() ?? "";
    if (link && /^\$\d+\.\d\d$/.test(price)) cards.push({ title: link[2]!, price, link: link[1]! });
  });
  return cards;
}

/**
 * A date as a page states it, written as ISO 8601 for `metadata.date`. Pages state dates in every form —
 * `2025-01-29T20:47:55+00:00`, `2023-05-17T00:00:00+0000`, `2013-08-22 21:43:53 UTC`, `Feb 08, 2022`,
 * `On 8 Oct 2022`, `Thu, 09/25/2025 - 11:38`, JSON strings quoted twice — and a reader of the metadata
 * should not have to know them all. Nothing is converted to another zone or guessed: an ISO timestamp keeps
 * its time and its offset as stated, other forms give the day alone, and a form that cannot be read one way
 * only (`05/06/2025`, a month in another language, a bare number) gives nothing.
 */
import { trimEnds } from "./trim-ends.js";

/**
 * `stated` as ISO 8601 — `YYYY-MM-DD`, or `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]` when it is an ISO-style
 * timestamp — or undefined when it is not a date read one way only.
 */
export function isoDate(stated: string): string | undefined {
  const text = trimEnds(stated.trim(), `"'“”‘’`).trim();
  if (text.length > MAX_LENGTH) return undefined;
  return isoStamp(text) ?? writtenDate(text) ?? numericDate(text);
}

/** Longer than any date with its time and zone: a paragraph is not a date. */
const MAX_LENGTH = 80;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;
/** What may follow an ISO day: a time, with seconds, fractions and a zone, each optional. */
const ISO_TIME = /^(?:T|\s+)(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * `2025-01-29`, with its time when one follows in ISO form; a day followed by anything else (`2025-12-17UTC07:30`,
 * a CMS's own mix) keeps the day alone.
 */
function isoStamp(text: string): string | undefined {
  const day = ISO_DAY.exec(text);
  if (!day) return undefined;
  const date = dayOf(Number(day[1]), Number(day[2]), Number(day[3]));
  if (!date) return undefined;
  const time = ISO_TIME.exec(text.slice(day[0].length));
  if (!time) return date;
  const [hours, minutes, seconds] = [Number(time[1]), Number(time[2]), Number(time[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return date;
  const clock = `${time[1]}:${time[2]}${time[3] ? `:${time[3]}${time[4] ?? ""}` : ""}`;
  return `${date}T${clock}${zoneOf(time[5])}`;
}

/** A zone as ISO writes it: `Z`, or `±HH:MM`; "" when none was stated (the page's local time). */
function zoneOf(zone: string | undefined): string {
  if (!zone) return "";
  if (/^(Z|UTC|GMT)$/i.test(zone)) return "Z";
  const digits = zone.slice(1).replace(":", "").padEnd(4, "0");
  return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2)}`;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const MONTH =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
const DAY = "(\\d{1,2})(?:st|nd|rd|th)?";
/** Words a page puts before its date, and a weekday. */
const LEAD =
  "^(?:(?:on|published|posted|updated)(?:\\s+on)?:?\\s+)?(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?,?\\s+)?";
/** After the day: nothing, or a time (dropped: its zone is rarely stated in these forms). */
const TRAIL = "(?:[,\\s-]*(?:at\\s+)?\\d{1,2}[:.]\\d{2}.*)?$";
const MONTH_FIRST = new RegExp(`${LEAD}${MONTH}\\s+${DAY},?\\s+(\\d{4})${TRAIL}`, "i");
const DAY_FIRST = new RegExp(`${LEAD}${DAY}\\s+(?:of\\s+)?${MONTH},?\\s+(\\d{4})${TRAIL}`, "i");

/** `Feb 08, 2022`, `November 18, 2025`, `On 8 Oct 2022`, `Thu, 1st May 2025 at 10:00`: English months. */
function writtenDate(text: string): string | undefined {
  const monthFirst = MONTH_FIRST.exec(text);
  if (monthFirst) return dayOf(Number(monthFirst[3]), monthOf(monthFirst[1]!), Number(monthFirst[2]));
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) return dayOf(Number(dayFirst[3]), monthOf(dayFirst[2]!), Number(dayFirst[1]));
  return undefined;
}

function monthOf(name: string): number {
  return MONTHS[name.slice(0, 3).toLowerCase()]!;
}

const NUMERIC = new RegExp(`${LEAD}(\\d{1,2})([/.-])(\\d{1,2})\\2(\\d{4})${TRAIL}`, "i");
const YEAR_FIRST = new RegExp(`${LEAD}(\\d{4})([/.])(\\d{1,2})\\2(\\d{1,2})${TRAIL}`, "i");

/**
 * `2025/09/25`, and `09/25/2025` or `13/11/2025` when only one of the two numbers can be the month (or
 * both are the same); `05/06/2025` is May or June by the reader's country, which the page does not say.
 */
function numericDate(text: string): string | undefined {
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) return dayOf(Number(yearFirst[1]), Number(yearFirst[3]), Number(yearFirst[4]));
  const numeric = NUMERIC.exec(text);
  if (!numeric) return undefined;
  const [first, second, year] = [Number(numeric[1]), Number(numeric[3]), Number(numeric[4])];
  if (first === second || (first > 12 && second <= 12)) return dayOf(year, second, first);
  if (second > 12 && first <= 12) return dayOf(year, first, second);
  return undefined;
}

/** `YYYY-MM-DD` for a day that exists (no 31 April, 29 February only in leap years), else undefined. */
function dayOf(year: number, month: number, day: number): string | undefined {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return undefined;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  if (day > days) return undefined;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

import { describe, expect, it } from "vitest";
import { isoDate } from "./stated-date.js";

describe("isoDate", () => {
  it("keeps an ISO timestamp's time and offset as stated, written one way", () => {
    expect(isoDate("2025-01-29T20:47:55+00:00")).toBe("2025-01-29T20:47:55+00:00");
    expect(isoDate("2025-12-19T22:02:58.705Z")).toBe("2025-12-19T22:02:58.705Z");
    expect(isoDate("2023-05-17T00:00:00+0000")).toBe("2023-05-17T00:00:00+00:00");
    expect(isoDate("2024-05-09 00:00:00 +0000")).toBe("2024-05-09T00:00:00+00:00");
    expect(isoDate("2013-08-22 21:43:53 UTC")).toBe("2013-08-22T21:43:53Z");
    expect(isoDate("2024-04-05T00:00:00-04")).toBe("2024-04-05T00:00:00-04:00");
    expect(isoDate("2018-04-05T06:00")).toBe("2018-04-05T06:00");
    expect(isoDate("2026-03-10")).toBe("2026-03-10");
  });

  it("reads a value quoted twice, and keeps the day of a timestamp written some other way", () => {
    expect(isoDate('"2025-12-17T13:22:47Z"')).toBe("2025-12-17T13:22:47Z");
    expect(isoDate("2025-12-17UTC07:30:00+00:00")).toBe("2025-12-17");
    expect(isoDate("2025-12-17T25:00:00Z")).toBe("2025-12-17");
  });

  it("reads English dates with the month written out, as the day alone", () => {
    expect(isoDate("Feb 08, 2022")).toBe("2022-02-08");
    expect(isoDate("November 18, 2025")).toBe("2025-11-18");
    expect(isoDate("On 8 Oct 2022")).toBe("2022-10-08");
    expect(isoDate("Thursday, 1st May 2025 at 10:00 am")).toBe("2025-05-01");
    expect(isoDate("Sept. 3, 2024, 4:15 p.m.")).toBe("2024-09-03");
    expect(isoDate("Published on March 3rd 2024")).toBe("2024-03-03");
  });

  it("reads a numeric date only when one of its numbers alone can be the month", () => {
    expect(isoDate("Thu, 09/25/2025 - 11:38")).toBe("2025-09-25");
    expect(isoDate("13/11/2025 09:21:40")).toBe("2025-11-13");
    expect(isoDate("2025/09/25")).toBe("2025-09-25");
    expect(isoDate("07.07.2024")).toBe("2024-07-07");
    expect(isoDate("05/06/2025")).toBeUndefined();
  });

  it("gives nothing for what is not a day that exists", () => {
    for (const stated of [
      "",
      "yesterday",
      "1700000000",
      "17 janvier 2025",
      "2025-02-29",
      "2024-13-01",
      "April 31, 2025",
      "0999-01-01",
      "Feb 08, 2022 was a good day for everyone who had read the whole of this very long sentence",
    ])
      expect(isoDate(stated), stated).toBeUndefined();
    expect(isoDate("2024-02-29")).toBe("2024-02-29");
  });
});

import { describe, expect, it } from "vitest";
import { checkConnectUrl, connectUrlWithKey, sessionCreateBody } from "./cloud-session.js";

describe("sessionCreateBody", () => {
  it("sends only the fields the API knows", () => {
    expect(sessionCreateBody(undefined)).toEqual({});
    expect(sessionCreateBody({ region: "eu-west", browserSettings: { blockAds: true } })).toEqual({
      region: "eu-west",
      browserSettings: { blockAds: true },
    });
    expect(sessionCreateBody({ browserSettings: {} })).toEqual({});
  });
});

describe("connectUrlWithKey", () => {
  it("adds the key as the apiKey query parameter, encoded, keeping other parameters", () => {
    expect(connectUrlWithKey("ws://127.0.0.1:4455/v1/sessions/s1/connect", "lk_a+b")).toBe(
      "ws://127.0.0.1:4455/v1/sessions/s1/connect?apiKey=lk_a%2Bb",
    );
    expect(connectUrlWithKey("ws://h/c?x=1", "k")).toBe("ws://h/c?x=1&apiKey=k");
  });
});

describe("checkConnectUrl", () => {
  it("accepts wss:// always, and ws:// for a service reached over http", () => {
    expect(() => checkConnectUrl("wss://h/v1/sessions/s1/connect", "https://h")).not.toThrow();
    expect(() => checkConnectUrl("wss://h/v1/sessions/s1/connect", "http://h")).not.toThrow();
    expect(() =>
      checkConnectUrl("ws://127.0.0.1:4455/v1/sessions/s1/connect", "http://127.0.0.1:4455"),
    ).not.toThrow();
  });

  it("refuses ws:// when cloudURL is https, naming --public-url", () => {
    expect(() => checkConnectUrl("ws://h/v1/sessions/s1/connect", "https://h")).toThrow(
      /reached over https.*ws:\/\/h\/v1\/sessions\/s1\/connect.*--public-url/,
    );
  });

  it("refuses what is not a websocket URL", () => {
    expect(() => checkConnectUrl("http://h/x", "http://h")).toThrow(/"http:"/);
    expect(() => checkConnectUrl("not a url", "http://h")).toThrow(/not a URL/);
  });
});

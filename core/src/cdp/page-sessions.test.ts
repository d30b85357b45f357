import { describe, expect, it } from "vitest";
import { CdpConnection } from "./cdp-connection.js";
import type { CdpTransport } from "./cdp-transport.js";
import { PageSessions, PageSlot } from "./page-sessions.js";

/** A browser that attaches any target (session "S-<target>") and answers every other command with {}. */
function fakeConnection(): CdpConnection {
  const transport: CdpTransport = {
    send(message) {
      const { id, method, params } = JSON.parse(message) as {
        id: number;
        method: string;
        params: Record<string, unknown>;
      };
      const result =
        method === "Target.attachToTarget" ? { sessionId: `S-${String(params["targetId"])}` } : {};
      queueMicrotask(() => transport.onmessage?.(JSON.stringify({ id, result })));
    },
    close() {},
  };
  return CdpConnection.over(transport);
}

describe("PageSessions.slot", () => {
  it("makes a page's state once, on first use, from that page's sessions", async () => {
    const sessions = await PageSessions.attach(fakeConnection(), "A");
    const made: PageSessions[] = [];
    const slot = new PageSlot((owner) => {
      made.push(owner);
      return { count: 0 };
    });
    expect(made).toEqual([]);
    sessions.slot(slot).count++;
    sessions.slot(slot).count++;
    expect(sessions.slot(slot).count).toBe(2);
    expect(made).toEqual([sessions]);
  });

  it("keeps each page's state and each kind of state apart", async () => {
    const connection = fakeConnection();
    const [a, b] = await Promise.all([
      PageSessions.attach(connection, "A"),
      PageSessions.attach(connection, "B"),
    ]);
    const target = new PageSlot((owner) => ({ page: owner.root.targetId }));
    const list = new PageSlot<string[]>(() => []);
    expect(a.slot(target)).toEqual({ page: "A" });
    expect(b.slot(target)).toEqual({ page: "B" });
    a.slot(list).push("only A");
    expect(a.slot(list)).toEqual(["only A"]);
    expect(b.slot(list)).toEqual([]);
  });

  it("gives a page attached again new state: it lives as long as the sessions it hangs on", async () => {
    const connection = fakeConnection();
    const slot = new PageSlot(() => ({}));
    const first = await PageSessions.attach(connection, "A");
    const before = first.slot(slot);
    await first.detach();
    const again = await PageSessions.attach(connection, "A");
    expect(again.slot(slot)).not.toBe(before);
  });

  it("stores a falsy state like any other, without making it again", async () => {
    const sessions = await PageSessions.attach(fakeConnection(), "A");
    let made = 0;
    const slot = new PageSlot(() => (made++, undefined));
    sessions.slot(slot);
    sessions.slot(slot);
    expect(made).toBe(1);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The page's one live connection (GET /api/notes/events). Node has no EventSource, so the browser API is
// stood in by a minimal one that records what the module does with it.

class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: { data: string }) => void)[]>();
  isClosed = false;
  constructor(
    readonly url: string,
    readonly init?: { withCredentials?: boolean },
  ) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, listener: (event: { data: string }) => void): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close(): void {
    this.isClosed = true;
  }
  emit(name: string, data = ""): void {
    for (const listener of this.listeners.get(name) ?? []) listener({ data });
  }
}

describe("live events", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
    FakeEventSource.opened = [];
    vi.stubGlobal("EventSource", FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("one connection however many listen; each gets the events of its name", async () => {
    const { subscribeLiveEvent } = await import("./live-events");
    const notes: string[] = [];
    const accounts: string[] = [];
    subscribeLiveEvent("note", (data) => notes.push(data));
    subscribeLiveEvent("account", (data) => accounts.push(data));
    subscribeLiveEvent("account", (data) => accounts.push(`second ${data}`));
    expect(FakeEventSource.opened).toHaveLength(1);
    const source = FakeEventSource.opened[0] as FakeEventSource;
    expect(source.url).toBe("/api/notes/events");
    expect(source.init).toEqual({ withCredentials: true });
    source.emit("note", '{"id":"n1"}');
    source.emit("account", "{}");
    expect(notes).toEqual(['{"id":"n1"}']);
    expect(accounts).toEqual(["{}", "second {}"]);
  });

  it("connect listeners hear every ready, the first one told apart from reconnections", async () => {
    const { subscribeLiveConnect } = await import("./live-events");
    const heard: boolean[] = [];
    subscribeLiveConnect((isReconnect) => heard.push(isReconnect));
    const source = FakeEventSource.opened[0] as FakeEventSource;
    source.emit("ready");
    expect(heard).toEqual([false]);
    source.emit("ready");
    source.emit("ready");
    expect(heard).toEqual([false, true, true]);
  });

  it("a listener that joins an open stream never hears a first connection", async () => {
    const { subscribeLiveConnect, subscribeLiveEvent } = await import("./live-events");
    subscribeLiveEvent("note", () => {});
    const source = FakeEventSource.opened[0] as FakeEventSource;
    source.emit("ready");
    const heard: boolean[] = [];
    subscribeLiveConnect((isReconnect) => heard.push(isReconnect));
    expect(heard).toEqual([]);
    source.emit("ready");
    expect(heard).toEqual([true]);
  });

  it("closes a second after the last listener leaves; a listener back in time keeps it open", async () => {
    const { subscribeLiveEvent } = await import("./live-events");
    const leave = subscribeLiveEvent("note", () => {});
    const source = FakeEventSource.opened[0] as FakeEventSource;
    leave();
    vi.advanceTimersByTime(500);
    const leaveAgain = subscribeLiveEvent("deleted", () => {});
    vi.advanceTimersByTime(1000);
    expect(source.isClosed).toBe(false);
    expect(FakeEventSource.opened).toHaveLength(1);
    leaveAgain();
    vi.advanceTimersByTime(1000);
    expect(source.isClosed).toBe(true);
    subscribeLiveEvent("note", () => {});
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it("an unsubscribed listener hears nothing more", async () => {
    const { subscribeLiveEvent } = await import("./live-events");
    const heard: string[] = [];
    const leave = subscribeLiveEvent("account", (data) => heard.push(data));
    subscribeLiveEvent("account", () => {});
    const source = FakeEventSource.opened[0] as FakeEventSource;
    source.emit("account", "1");
    leave();
    source.emit("account", "2");
    expect(heard).toEqual(["1"]);
  });

  it("closes for good on sign-out: no listener reopens it", async () => {
    const { stopLiveEvents, subscribeLiveEvent } = await import("./live-events");
    subscribeLiveEvent("note", () => {});
    expect(FakeEventSource.opened).toHaveLength(1);
    stopLiveEvents();
    expect(FakeEventSource.opened[0]?.isClosed).toBe(true);
    subscribeLiveEvent("account", () => {});
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});

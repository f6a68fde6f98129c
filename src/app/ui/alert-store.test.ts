import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addAlert, alertLifetimeMs, dismissAlert, getAlerts, pushAlert, removeAlert } from "./alert-store";

describe("alerts (spec section 9)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    for (const alert of getAlerts()) dismissAlert(alert.id);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("puts the newest alert first", () => {
    const list = addAlert(addAlert([], { id: "a", message: "first", type: "info" }), { id: "b", message: "second", type: "error" });
    expect(list.map((alert) => alert.id)).toEqual(["b", "a"]);
    expect(removeAlert(list, "b").map((alert) => alert.id)).toEqual(["a"]);
  });

  it("defaults to type info", () => {
    pushAlert({ message: "saved" });
    expect(getAlerts()[0]).toMatchObject({ message: "saved", type: "info" });
  });

  it("vanishes after 5000 ms, each on its own clock", () => {
    expect(alertLifetimeMs).toBe(5000);
    pushAlert({ message: "one" });
    vi.advanceTimersByTime(2000);
    pushAlert({ message: { key: "alerts.alreadyPro" }, type: "error" });
    expect(getAlerts().map((alert) => alert.message)).toEqual([{ key: "alerts.alreadyPro" }, "one"]);
    vi.advanceTimersByTime(2999);
    expect(getAlerts()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(getAlerts().map((alert) => alert.message)).toEqual([{ key: "alerts.alreadyPro" }]);
    vi.advanceTimersByTime(2000);
    expect(getAlerts()).toEqual([]);
  });

  it("can be dismissed early", () => {
    const id = pushAlert({ message: "bye" });
    dismissAlert(id);
    expect(getAlerts()).toEqual([]);
  });
});

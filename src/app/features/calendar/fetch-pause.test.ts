import { describe, expect, it, vi } from "vitest";
import { createFetchPause } from "./fetch-pause";

describe("calendar event fetching paused for named reasons (spec section 4)", () => {
  it("resumes, once, only when the last reason goes", () => {
    const onResume = vi.fn();
    const pause = createFetchPause(onResume);
    expect(pause.isPaused()).toBe(false);
    pause.pause("hidden");
    pause.pause("toggle:event-1");
    expect(pause.reasons().sort()).toEqual(["hidden", "toggle:event-1"]);
    pause.resume("hidden");
    expect(pause.isPaused()).toBe(true);
    expect(onResume).not.toHaveBeenCalled();
    pause.resume("toggle:event-1");
    expect(pause.isPaused()).toBe(false);
    expect(onResume).toHaveBeenCalledTimes(1);
  });

  it("counts a reason given twice once, and ignores resuming one that is not there", () => {
    const onResume = vi.fn();
    const pause = createFetchPause(onResume);
    pause.pause("offline");
    pause.pause("offline");
    pause.resume("offline");
    expect(pause.isPaused()).toBe(false);
    pause.resume("offline");
    pause.resume("hidden");
    expect(onResume).toHaveBeenCalledTimes(1);
  });

  it("tells subscribers of each change until they leave", () => {
    const pause = createFetchPause(() => {});
    const listener = vi.fn();
    const unsubscribe = pause.subscribe(listener);
    pause.pause("hidden");
    pause.pause("hidden");
    pause.resume("hidden");
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    pause.pause("offline");
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

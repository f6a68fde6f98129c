import { describe, expect, it } from "vitest";
import { z } from "zod";
import { analyticsEventSchema } from "./analytics-event";
import { checkGeoProperties, geoPointSchema } from "./geo-point";

const properties = z.array(z.tuple([z.string(), z.string()])).superRefine((entries, ctx) => checkGeoProperties(entries, ctx));

describe("geographic values (spec 5: latitude -90..90, longitude -180..180)", () => {
  it("accepts the bounds and refuses values past them", () => {
    for (const point of [
      { latitude: -90, longitude: -180 },
      { latitude: 90, longitude: 180 },
      { latitude: 0, longitude: 0 },
    ])
      expect(geoPointSchema.safeParse(point).success).toBe(true);
    for (const point of [
      { latitude: 90.0001, longitude: 0 },
      { latitude: -91, longitude: 0 },
      { latitude: 0, longitude: 180.5 },
      { latitude: 0, longitude: -181 },
    ])
      expect(geoPointSchema.safeParse(point).success).toBe(false);
  });

  it("checks lat/lon properties given as text, whatever the key's case, and leaves other keys alone", () => {
    expect(
      properties.safeParse([
        ["lat", "45.5"],
        ["LON", "-122.6"],
        ["latency", "999"],
      ]).success,
    ).toBe(true);
    for (const bad of [[["lat", "91"]], [["latitude", "abc"]], [["lng", "-180.01"]], [["longitude", ""]]])
      expect(properties.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it("an analytics event with an out-of-range latitude is refused", () => {
    const event = {
      user_id: "web_abc",
      type: "web",
      app_id: "parley-web",
      version: "1.0.0",
      result: 1,
      session_id: "a".repeat(64),
      event_group: "navigation",
      event_name: "page_view",
      event_time: 1,
      duration: 0,
      event_category: "navigation",
      page: "/",
      properties: [{ key: "lat", value: "45" }],
    };
    expect(analyticsEventSchema.safeParse(event).success).toBe(true);
    expect(analyticsEventSchema.safeParse({ ...event, properties: [{ key: "lat", value: "95" }] }).success).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { centredSquare } from "./resize-image";

describe("centredSquare", () => {
  it("crops the middle of a landscape image", () => {
    expect(centredSquare(1200, 800)).toEqual({ x: 200, y: 0, side: 800 });
  });

  it("crops the middle of a portrait image", () => {
    expect(centredSquare(300, 501)).toEqual({ x: 0, y: 100, side: 300 });
  });

  it("keeps a square image whole", () => {
    expect(centredSquare(256, 256)).toEqual({ x: 0, y: 0, side: 256 });
  });
});

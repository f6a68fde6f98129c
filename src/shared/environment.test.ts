import { describe, expect, it } from "vitest";
import { type Environment, environmentFromHost, environments } from "./environment";

describe("environments", () => {
  it("are staging, preprod and production", () => {
    expect([...environments]).toEqual(["staging", "preprod", "production"]);
  });
});

describe("environmentFromHost (spec section 4)", () => {
  it.each<[string, Environment]>([
    // A staging address.
    ["staging.parley.test", "staging"],
    ["app.staging.parley.test", "staging"],
    ["staging-app.parley.test", "staging"],
    ["parley-staging.example.com", "staging"],
    ["STAGING.parley.test", "staging"],
    ["staging.parley.test:8443", "staging"],
    // A localhost address.
    ["localhost", "staging"],
    ["localhost:3000", "staging"],
    ["LOCALHOST:5173", "staging"],
    ["app.localhost", "staging"],
    ["app.localhost:3000", "staging"],
    ["127.0.0.1", "staging"],
    ["127.0.0.1:3000", "staging"],
    ["127.1.2.3:80", "staging"],
    ["[::1]", "staging"],
    ["[::1]:3000", "staging"],
    // Staging wins when both words appear.
    ["preprod.staging.parley.test", "staging"],
    // A preprod address.
    ["preprod.parley.test", "preprod"],
    ["app.preprod.parley.test:443", "preprod"],
    ["parley-preprod.example.com", "preprod"],
    ["PREPROD.parley.test", "preprod"],
    // Anything else.
    ["parley.test", "production"],
    ["www.parley.test", "production"],
    ["app.parley.test:443", "production"],
    ["", "production"],
    ["10.0.0.5:3000", "production"],
    ["localhost.evil.test", "production"],
    ["mylocalhost", "production"],
    ["127.example.test", "production"],
    ["127.0.0.1.evil.test", "production"],
    ["prod.parley.test", "production"],
    ["stage.parley.test", "production"],
  ])("%j -> %s", (host, expected) => {
    expect(environmentFromHost(host)).toBe(expected);
  });
});

import { describe, expect, it } from "vitest";
import { type ChunkEntry, planChunkGroups } from "./vite-chunk-groups";

// A small client build: the browser entry and the root, two layouts with a page each, and shared modules.
const imports: Record<string, string[]> = {
  "entry.client": ["react", "i18n"],
  root: ["react", "route-table"],
  "dashboard-layout": ["menu", "text-input"],
  home: ["note-list", "menu"],
  notes: ["note-list"],
  "login-layout": ["logo"],
  login: ["text-input", "logo"],
  menu: ["menu-icon", "react"],
  "note-list": ["status-chip"],
  "text-input": ["field-class"],
};
const entries: ChunkEntry[] = [
  { id: "entry.client", role: "shell" },
  { id: "root", role: "shell" },
  { id: "dashboard-layout", role: { layout: "dashboard", isLayout: true } },
  { id: "home", role: { layout: "dashboard", isLayout: false } },
  { id: "notes", role: { layout: "dashboard", isLayout: false } },
  { id: "login-layout", role: { layout: "login", isLayout: true } },
  { id: "login", role: { layout: "login", isLayout: false } },
];

describe("chunk groups of the client build", () => {
  const plan = planChunkGroups(entries, (id) => imports[id] ?? []);

  it("puts what the entry and the root import, however deep, in the shell", () => {
    expect(plan.get("react")).toBe("shell");
    expect(plan.get("i18n")).toBe("shell");
    expect(plan.get("route-table")).toBe("shell");
  });

  it("groups what only a layout's own tree imports with that layout, dependencies included", () => {
    expect(plan.get("menu")).toBe("layout-dashboard");
    expect(plan.get("menu-icon")).toBe("layout-dashboard");
    expect(plan.get("logo")).toBe("layout-login");
  });

  it("leaves to the bundler what pages of two layouts share and what only pages import", () => {
    expect(plan.has("text-input")).toBe(false);
    expect(plan.has("field-class")).toBe(false);
    expect(plan.has("note-list")).toBe(false);
    expect(plan.has("status-chip")).toBe(false);
  });

  it("never groups an entry (a route module keeps its own chunk)", () => {
    for (const entry of entries) expect(plan.has(entry.id)).toBe(false);
  });
});

import path from "node:path";
import type { Plugin } from "vite";
import { routeTable } from "../src/shared/routing/route-table.ts";

// Issue 22: the browser build split the modules every dashboard page loads into ~60 small files (one per
// set of routes sharing them), and each file's own gzip lost ~15 KB against the same code in a few files.
// Two groups merge only what a page loads anyway, so no page gets a byte it did not load before:
// - "shell": what entry.client.tsx and root.tsx import (loaded on every page);
// - "layout-<name>": what a layout imports that no page outside that layout imports (loaded on every
//   page of the layout, and only there).
// Everything else (a page's own modules, what pages share) stays in the bundler's automatic chunks.

/** An entry of the client build: the browser's entry, the root route, a layout or a page (and its layout). */
export interface ChunkEntry {
  id: string;
  role: "shell" | { layout: string; isLayout: boolean } | "other";
}

/** Module id -> group (chunk) name, for the modules one of the two groups takes. */
export function planChunkGroups(entries: readonly ChunkEntry[], importsOf: (id: string) => readonly string[]): Map<string, string> {
  const entryIds = new Set(entries.map((entry) => entry.id));
  const reachedBy = new Map<string, ChunkEntry[]>();
  for (const entry of entries) {
    const seen = new Set<string>([entry.id]);
    const queue = [entry.id];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      for (const next of importsOf(id)) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
        if (entryIds.has(next)) continue;
        const reachers = reachedBy.get(next);
        if (reachers) reachers.push(entry);
        else reachedBy.set(next, [entry]);
      }
    }
  }
  const groups = new Map<string, string>();
  for (const [id, reachers] of reachedBy) {
    if (reachers.some((entry) => entry.role === "shell")) {
      groups.set(id, "shell");
      continue;
    }
    const layouts = new Set(reachers.map((entry) => (typeof entry.role === "object" ? entry.role.layout : "")));
    const [layout] = layouts;
    const byLayoutItself = reachers.some((entry) => typeof entry.role === "object" && entry.role.isLayout);
    if (layouts.size === 1 && layout && byLayoutItself) groups.set(id, `layout-${layout}`);
  }
  return groups;
}

const clientRouteQuery = /\?__react-router-build-client-route$/;

/** Which entry a client-build module id is, from the route table (pages) and the layouts' file names. */
function entryRole(id: string, appDir: string): ChunkEntry["role"] {
  const file = path.relative(appDir, id.replace(clientRouteQuery, ""));
  if (file === "entry.client.tsx" || file === "root.tsx") return "shell";
  const layoutFile = /^layouts\/(.+)-layout\.tsx$/.exec(file);
  if (layoutFile?.[1]) return { layout: layoutFile[1], isLayout: true };
  const page = routeTable.find((def) => def.file === file);
  return page ? { layout: page.layout, isLayout: false } : "other";
}

/**
 * The client build's plugin: it plans the groups once the module graph is known and hands rolldown
 * `codeSplitting.groups` that read the plan. The server build is left as it was.
 */
export function chunkGroups(appDir: string): Plugin {
  let plan = new Map<string, string>();
  const groupOf = (kind: "shell" | "layout") => (id: string) => {
    const group = plan.get(id);
    return group && (kind === "shell" ? group === "shell" : group.startsWith("layout-")) ? group : null;
  };
  return {
    name: "parley-chunk-groups",
    // Chunks exist only in a build; the dev server serves modules one by one.
    apply: "build",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rolldownOptions: {
            // Needed to take a layout group's modules without their dependencies; a route module's chunk
            // may then export more than the module does, which React Router does not mind.
            preserveEntrySignatures: "allow-extension",
            output: {
              codeSplitting: {
                groups: [
                  // The shell first: what both groups could take is loaded on every page anyway.
                  { name: groupOf("shell"), debugName: "shell", priority: 2 },
                  // Not the layout's dependencies that a page outside it imports: those stay where they were.
                  { name: groupOf("layout"), debugName: "layouts", priority: 1, includeDependenciesRecursively: false },
                ],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      plan = new Map();
      if (this.environment.name !== "client") return;
      const entries = [...this.getModuleIds()]
        .filter((id) => this.getModuleInfo(id)?.isEntry)
        .map((id): ChunkEntry => ({ id, role: entryRole(id, appDir) }));
      plan = planChunkGroups(entries, (id) => this.getModuleInfo(id)?.importedIds ?? []);
    },
  };
}

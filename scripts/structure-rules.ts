import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// The structure rules dependency-cruiser cannot express (decision 020), as pure functions over a tree:
// the file vocabulary of a domain folder, no cycle between domain folders, and one line per folder of
// src/ in docs/ARCHITECTURE.md. `scripts/check-structure.ts` runs them on the repository in `npm run lint`.

/** The fixed names of a domain folder (docs/ARCHITECTURE.md, "A domain folder"). */
export const domainFileNames = ["schema.ts", "data.ts", "mutations.ts", "jobs.ts", "service.ts", "policy.ts", "settings.ts"] as const;
/** Names that hide what a file does: dumping grounds and barrels. */
const vagueNames = /^(index|utils?|helpers?|common|misc|types|lib|shared|stuff)\.ts$/;
/** A name that claims one of the fixed roles belongs in the fixed file instead (reads in data.ts, ...). */
const roleSuffix = /-(data|mutations|queries|schema|jobs|env|settings|policy)\.ts$/;
const kebabCase = /^[a-z0-9]+(-[a-z0-9]+)*(\.test)?\.ts$/;

/** Problems with the files of one domain folder: `entries` are its file and folder names. */
export function domainVocabularyProblems(domain: string, entries: readonly { name: string; isFolder: boolean }[]): string[] {
  const problems: string[] = [];
  for (const { name, isFolder } of entries) {
    const where = `core/${domain}/${name}`;
    if (isFolder) {
      // A file that outgrew ~400 lines is split into a folder of the same role (data/, mutations/).
      if (name !== "data" && name !== "mutations") problems.push(`${where}/: a domain has no sub-folders but data/ and mutations/`);
      continue;
    }
    if (!kebabCase.test(name)) problems.push(`${where}: not a kebab-case .ts file`);
    else if (vagueNames.test(name)) problems.push(`${where}: a vague name; say what the file does`);
    else if (roleSuffix.test(name.replace(/\.test\.ts$/, ".ts")))
      problems.push(`${where}: that role has its fixed file (${domainFileNames.join(", ")})`);
  }
  return problems;
}

/** The cycles of a graph of folders (Tarjan's strongly connected components of more than one node). */
export function folderCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

const importPattern = /(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

/** The domain folders that `source` (a file of core/`domain`/) imports, by relative path or the `~/` alias. */
export function importedDomains(source: string, fileDir: string, srcRoot: string): Set<string> {
  const domains = new Set<string>();
  for (const match of source.matchAll(importPattern)) {
    const specifier = match[1] ?? "";
    let target: string | null = null;
    if (specifier.startsWith("~/")) target = path.join(srcRoot, specifier.slice(2));
    else if (specifier.startsWith(".")) target = path.resolve(fileDir, specifier);
    if (!target) continue;
    const relative = path.relative(srcRoot, target).split(path.sep);
    if (relative[0] === "core" && relative[1]) domains.add(relative[1]);
  }
  return domains;
}

/** The folder paths (relative to src/, ending in "/") that the layout block of ARCHITECTURE.md lists. */
export function documentedFolders(architecture: string): string[] {
  const block = /## Layout[^\n]*\n+```\n([\s\S]*?)```/.exec(architecture)?.[1] ?? "";
  return block
    .split("\n")
    .map((line) => /^ {2}([a-z0-9<>._/-]+\/)\s/.exec(line)?.[1])
    .filter((folder): folder is string => Boolean(folder));
}

/**
 * Folders of src/ without their line. A line may stand for many folders with a placeholder in a segment
 * other than the last (`app/features/<feature>/components/`): the folders every feature has.
 */
export function undocumentedFolders(folders: readonly string[], documented: readonly string[]): string[] {
  const patterns = documented.map((line) => {
    const segments = line.replace(/\/$/, "").split("/");
    const last = segments[segments.length - 1] ?? "";
    if (last.includes("<")) return null;
    const body = segments.map((segment) => (/^<[a-z-]+>$/.test(segment) ? "[^/]+" : segment.replace(/[.]/g, "\\.")));
    return new RegExp(`^${body.join("/")}/$`);
  });
  return folders.filter((folder) => !patterns.some((pattern) => pattern?.test(folder)));
}

/** Every folder under `root`, as "a/b/" relative to it. */
export function listFolders(root: string, prefix = ""): string[] {
  return readdirSync(path.join(root, prefix), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const folder = `${prefix}${entry.name}/`;
      return [folder, ...listFolders(root, folder)];
    });
}

/** Domain folder -> the other domain folders its product files import (tests may seed other domains). */
export function domainGraph(coreRoot: string, srcRoot: string): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  const walk = (domain: string, dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(domain, full);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
        for (const target of importedDomains(readFileSync(full, "utf8"), dir, srcRoot)) {
          if (target !== domain) edges.get(domain)?.add(target);
        }
      }
    }
  };
  for (const entry of readdirSync(coreRoot, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    edges.set(entry.name, new Set());
    walk(entry.name, path.join(coreRoot, entry.name));
  }
  return edges;
}

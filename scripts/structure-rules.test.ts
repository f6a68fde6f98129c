import { describe, expect, it } from "vitest";
import { documentedFolders, domainVocabularyProblems, folderCycles, importedDomains, undocumentedFolders } from "./structure-rules";

const files = (...names: string[]) => names.map((name) => ({ name, isFolder: false }));

describe("a domain folder's vocabulary", () => {
  it("takes the fixed names, files named for one operation, tests, and data/ or mutations/ folders", () => {
    const entries = [
      ...files("schema.ts", "data.ts", "mutations.ts", "jobs.ts", "settings.ts", "send-bot.ts", "send-bot.test.ts"),
      { name: "data", isFolder: true },
    ];
    expect(domainVocabularyProblems("meetings", entries)).toEqual([]);
  });

  it("refuses dumping grounds, role names outside their fixed file, other folders and other cases", () => {
    const entries = [
      ...files("utils.ts", "index.ts", "bot-env.ts", "note-queries.ts", "sendBot.ts", "view.tsx"),
      { name: "helpers", isFolder: true },
    ];
    expect(domainVocabularyProblems("meetings", entries)).toEqual([
      "core/meetings/utils.ts: a vague name; say what the file does",
      "core/meetings/index.ts: a vague name; say what the file does",
      "core/meetings/bot-env.ts: that role has its fixed file (schema.ts, data.ts, mutations.ts, jobs.ts, service.ts, policy.ts, settings.ts)",
      "core/meetings/note-queries.ts: that role has its fixed file (schema.ts, data.ts, mutations.ts, jobs.ts, service.ts, policy.ts, settings.ts)",
      "core/meetings/sendBot.ts: not a kebab-case .ts file",
      "core/meetings/view.tsx: not a kebab-case .ts file",
      "core/meetings/helpers/: a domain has no sub-folders but data/ and mutations/",
    ]);
  });
});

describe("the graph of domain folders", () => {
  it("reads the domains a file imports, by relative path and by the ~/ alias, type imports included", () => {
    const source = [
      'import { findNote } from "../notes/data";',
      'import type { Plan } from "~/core/billing/plan";',
      'import { z } from "zod";',
      'import { sliceWav } from "../../infra/media/wav-file";',
      'const later = await import("../ask/answer");',
    ].join("\n");
    expect([...importedDomains(source, "/repo/src/core/meetings", "/repo/src")].sort()).toEqual(["ask", "billing", "notes"]);
  });

  it("finds each cycle once, however long, and none in a graph that only goes down", () => {
    const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));
    expect(folderCycles(graph({ meetings: ["notes", "billing"], billing: ["usage"], notes: [], usage: [] }))).toEqual([]);
    expect(
      folderCycles(graph({ meetings: ["billing"], billing: ["meetings"], ask: ["notes"], notes: ["ask", "usage"], usage: ["ask"] })),
    ).toEqual([
      ["billing", "meetings"],
      ["ask", "notes", "usage"],
    ]);
  });
});

describe("ARCHITECTURE.md's one line per folder", () => {
  const architecture = [
    "## Layout (one line per folder)",
    "",
    "```",
    "src/",
    "  server/                web role",
    "  app/features/<feature>/components/  a feature's components",
    "  core/<domain>/         domain logic",
    "  core/notes/            notes",
    "i18n/                    catalogs",
    "```",
  ].join("\n");

  it("reads the folders of the layout block", () => {
    expect(documentedFolders(architecture)).toEqual(["server/", "app/features/<feature>/components/", "core/<domain>/", "core/notes/"]);
  });

  it("names every folder without its own line; a placeholder stands for a segment but never for the last", () => {
    const folders = ["server/", "server/api/", "app/features/notes/components/", "core/notes/", "core/ask/"];
    expect(undocumentedFolders(folders, documentedFolders(architecture))).toEqual(["server/api/", "core/ask/"]);
  });
});

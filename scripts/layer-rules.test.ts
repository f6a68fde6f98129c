import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise, type IConfiguration, type ICruiseResult } from "dependency-cruiser";
import { afterEach, describe, expect, it } from "vitest";

// The layer rules `npm run lint` checks (.dependency-cruiser.cjs, decision 020), run on small trees
// written here: each rule must pass a lawful import and fail the one it forbids, or it protects nothing.

const require = createRequire(import.meta.url);
const config = require("../.dependency-cruiser.cjs") as IConfiguration;

let root = "";
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

/** Writes `files` (path -> source) under a fresh folder and returns the names of the rules they break. */
async function violations(files: Record<string, string>): Promise<string[]> {
  root = await mkdtemp(path.join(tmpdir(), "layers-"));
  for (const [file, source] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), source);
  }
  const { tsConfig: _projectTsConfig, ...options } = config.options ?? {};
  const answer = await cruise(["src"], { ...options, baseDir: root, validate: true, ruleSet: { forbidden: config.forbidden } });
  const output = answer.output as ICruiseResult;
  return output.summary.violations.map((violation) => violation.rule.name).sort();
}

describe("the layer rules", () => {
  it("pass imports that go down the layers", async () => {
    expect(
      await violations({
        "src/shared/notes/status.ts": "export const isFinal = true;\n",
        "src/infra/queue/job-registry.ts": 'import { isFinal } from "../../shared/notes/status";\nexport const x = isFinal;\n',
        "src/core/notes/data.ts": 'import { x } from "../../infra/queue/job-registry";\nexport const y = x;\n',
        "src/runtime/env.ts": 'import { y } from "../core/notes/data";\nexport const z = y;\n',
        "src/server/main.ts": 'import { z } from "../runtime/env";\nexport const w = z;\n',
        "src/app/page.ts": 'import { isFinal } from "../shared/notes/status";\nexport const v = isFinal;\n',
      }),
    ).toEqual([]);
  });

  it("fail a domain that imports a process role (the deliberately added upward import)", async () => {
    expect(
      await violations({
        "src/server/logger.ts": "export const logger = 1;\n",
        "src/core/notes/jobs.ts": 'import { logger } from "../../server/logger";\nexport const y = logger;\n',
      }),
    ).toEqual(["no-upward-import-of-a-role"]);
  });

  it("fail a role that imports another role, and an adapter that imports a domain", async () => {
    expect(
      await violations({
        "src/worker/job-deps.ts": "export const deps = 1;\n",
        "src/server/start-web.ts": 'import { deps } from "../worker/job-deps";\nexport const y = deps;\n',
        "src/core/ai-notes/schema.ts": "export type Notes = string;\n",
        "src/infra/db/workspace-schema.ts": 'import type { Notes } from "../../core/ai-notes/schema";\nexport type N = Notes;\n',
      }),
    ).toEqual(["infra-never-imports-core", "roles-stay-apart"]);
  });

  it("fail the browser importing a domain file, and shared importing an adapter", async () => {
    expect(
      await violations({
        "src/core/notes/schema.ts": "export const noteSchema = 1;\n",
        "src/app/features/notes/queries.ts": 'import { noteSchema } from "../../../core/notes/schema";\nexport const y = noteSchema;\n',
        "src/infra/net/safe-fetch.ts": "export const safeFetch = 1;\n",
        "src/shared/links.ts": 'import { safeFetch } from "../infra/net/safe-fetch";\nexport const y = safeFetch;\n',
      }),
    ).toEqual(["browser-imports-no-server-code", "shared-is-pure"]);
  });

  it("fail a table imported outside a domain's data.ts and mutations.ts, and an import cycle", async () => {
    expect(
      await violations({
        "src/infra/db/notes-schema.ts": "export const notes = 1;\n",
        "src/core/notes/data.ts": 'import { notes } from "../../infra/db/notes-schema";\nexport const y = notes;\n',
        "src/core/billing/plan.ts": 'import { notes } from "../../infra/db/notes-schema";\nexport const y = notes;\n',
        "src/core/ask/a.ts": 'import { b } from "./b";\nexport const a = b;\n',
        "src/core/ask/b.ts": 'import { a } from "./a";\nexport const b = () => a;\n',
      }),
    ).toEqual(["no-circular", "only-data-and-mutations-query-the-database"]);
  });
});

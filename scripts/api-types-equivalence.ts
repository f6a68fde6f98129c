import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import type { ApiTypeFile } from "./api-types-plan";

// Proof that splitting the API types changed no type (decision 021): the split files and openapi-typescript's
// single file side by side, and a checker module that asks the compiler whether every export, every path
// and every schema is assignable both ways. Returns the compiler's complaints; none means the same types.

const checker = `import type * as Single from "./single-file";
import type * as Split from "./api-paths";
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Every<T> = [T[keyof T]] extends [true] ? true : false;
type Schemas<C> = C extends { schemas: infer S } ? S : never;
export const pathNames: Same<keyof Single.paths, keyof Split.paths> = true;
export const eachPath: Every<{ [K in keyof Single.paths]: Same<Single.paths[K], Split.paths[K]> }> = true;
export const schemaNames: Same<keyof Schemas<Single.components>, keyof Schemas<Split.components>> = true;
export const eachSchema: Every<{
  [K in keyof Schemas<Single.components>]: Same<Schemas<Single.components>[K], Schemas<Split.components>[K & keyof Schemas<Split.components>]>;
}> = true;
export const paths: Same<Single.paths, Split.paths> = true;
export const components: Same<Single.components, Split.components> = true;
export const rest: Same<[Single.webhooks, Single.$defs, Single.operations], [Split.webhooks, Split.$defs, Split.operations]> = true;
`;

/** Compiler errors of `files` against `singleFile`, as "file(line): message"; [] when they mean the same. */
export async function splitTypeDifferences(singleFile: string, files: readonly ApiTypeFile[]): Promise<string[]> {
  const folder = await mkdtemp(path.join(tmpdir(), "api-types-"));
  try {
    await writeFile(path.join(folder, "single-file.ts"), singleFile);
    await writeFile(path.join(folder, "check.ts"), checker);
    for (const file of files) await writeFile(path.join(folder, `${file.name}.ts`), file.text);
    const program = ts.createProgram([path.join(folder, "check.ts")], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
    });
    return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file
        ? `${path.basename(diagnostic.file.fileName)}(${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1})`
        : "program";
      return `${where}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`;
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

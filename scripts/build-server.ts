import { cp, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

// Compiles the process roles once (issue 22): `npm run serve` then starts plain `node build/server/main.js`
// instead of tsx compiling the server at every start. One flat folder on purpose: every module's
// `new URL("./…", import.meta.url)` then resolves the same way from an entry point or a shared chunk, so
// the pdf text thread, the diarization child, the bot process and the migrations folder are found beside
// it. React Router's own server build (index.js, assets/) lives in the same folder and is left alone.
const outdir = path.resolve("build/server");
const entryPoints = {
  main: "src/server/main.ts",
  worker: "src/worker/main.ts",
  bot: "src/bot/main.ts",
  admin: "src/cli/admin.ts",
  analytics: "src/analytics/main.ts",
  // Spawned by path, not imported: they must exist as files of their own (see their callers).
  "pdf-text-worker": "src/infra/documents/pdf-text-worker.ts",
  "sherpa-diarizer-child": "src/infra/diarization/sherpa-diarizer-child.ts",
};

// A rebuild must not leave an older build's chunks behind (they would never be cleaned otherwise).
const ownFile = /^(?:main|worker|bot|admin|analytics|pdf-text-worker|sherpa-diarizer-child|chunk-[\w-]+)\.js(?:\.map)?$/;
for (const name of await readdir(outdir).catch(() => [])) {
  if (ownFile.test(name)) await rm(path.join(outdir, name));
}

const result = await build({
  entryPoints,
  outdir,
  bundle: true,
  // node_modules stay where they are: native addons, pdfjs' worker files and packages that read their
  // own folders need their real paths, and the install is already there.
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  // Shared code in chunks: a module reached by a dynamic import stays out of the start-up path.
  splitting: true,
  chunkNames: "chunk-[hash]",
  sourcemap: true,
  jsx: "automatic",
  tsconfig: "tsconfig.json",
  metafile: true,
  logLevel: "warning",
});
await rm(path.join(outdir, "migrations"), { recursive: true, force: true });
await cp(path.resolve("src/infra/db/migrations"), path.join(outdir, "migrations"), { recursive: true });

const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith(".js"));
const kilobytes = outputs.reduce((sum, [, output]) => sum + output.bytes, 0) / 1024;
process.stdout.write(`server build: ${outputs.length} files, ${kilobytes.toFixed(0)} KB in build/server\n`);

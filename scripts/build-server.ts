import { cp, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { build, type Plugin } from "esbuild";

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

// Start-up (issue 22, decision 030): node resolves, opens and compiles every file of each package it
// imports (hundreds before the first answer); the pure-JS packages on that path go into the build instead,
// with what they import. Left in node_modules: everything else, and always the packages that read their own
// files (pglite's wasm, pdfjs, pdfkit's fonts, ffmpeg's binary), load native addons, start worker threads
// (pino), or must be the one instance the React Router build (build/server/index.js) imports as well.
const bundled = new Set([
  "zod",
  "@hono/zod-openapi",
  "hono",
  "@hono/node-server",
  "drizzle-orm",
  "better-auth",
  "jose",
  "pg-boss",
  "nodemailer",
  "smtp-server",
  "postal-mime",
  "@tus/server",
  "@tus/file-store",
  "openai",
]);
const keptOut = [
  /^@electric-sql\/pglite$/,
  /^pg$/,
  /^pg-(?!boss$)/,
  /^pino/,
  /^react/,
  /^@react-router\//,
  /^i18next/,
  /^pdfjs-dist$/,
  /^pdfkit$/,
  /^sherpa-onnx/,
  /^onnxruntime/,
  /^node-llama-cpp$/,
  /^@napi-rs\//,
  /^@ffmpeg-installer\//,
  /^@aws-sdk\//,
  /^@smithy\//,
  /^@react-email\//,
  /^playwright/,
];
const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
const startUpBundle: Plugin = {
  name: "start-up-bundle",
  setup(plugin) {
    plugin.onResolve({ filter: /^[^./~]/ }, ({ path: specifier, importer }) => {
      if (specifier.startsWith("node:")) return undefined;
      const name = packageOf(specifier);
      if (keptOut.some((pattern) => pattern.test(name))) return { path: specifier, external: true };
      // A bundled package's own imports are bundled with it (one copy of each in the build).
      const fromPackage = importer.includes(`${path.sep}node_modules${path.sep}`);
      return fromPackage || bundled.has(name) ? undefined : { path: specifier, external: true };
    });
  },
};

const result = await build({
  entryPoints,
  outdir,
  bundle: true,
  plugins: [startUpBundle],
  // The CommonJS packages bundled (nodemailer, smtp-server) call require() for node's own modules.
  banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
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

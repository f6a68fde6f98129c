import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { build } from "esbuild";

// Bundles the static-page enhancer (no React) next to the React Router client build, fingerprinted
// so it is cached for a year like every other asset; the server reads its name from the manifest.
const result = await build({
  entryPoints: ["src/app/enhance/static-page.ts"],
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2020",
  write: false,
});
const code = result.outputFiles[0]?.contents;
if (!code) throw new Error("esbuild produced no output for the static-page enhancer");
const hash = createHash("sha256").update(code).digest("hex").slice(0, 10);
const file = `/assets/static-page-${hash}.js`;
await mkdir(path.resolve("build/client/assets"), { recursive: true });
await writeFile(path.resolve(`build/client${file}`), code);
await writeFile(path.resolve("build/enhancer.json"), JSON.stringify({ file }));
process.stdout.write(`static-page enhancer: ${file} (${code.length} bytes)\n`);

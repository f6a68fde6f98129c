// Adds or replaces catalog keys in en, es and pt at once, under a file lock, so several people (or agents)
// editing the same catalog never overwrite each other's keys. Usage:
//   node --import tsx scripts/i18n-set.ts notes page.delete.title "Delete note?" "¿Eliminar la nota?" "Excluir a nota?"
// or with a JSON file of { "key.path": { "en": "...", "es": "...", "pt": "..." } }:
//   node --import tsx scripts/i18n-set.ts notes --file keys.json
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

type Tree = { [key: string]: string | Tree };
const locales = ["en", "es", "pt"] as const;
const [namespace, ...rest] = process.argv.slice(2);
if (!namespace || rest.length === 0) throw new Error("usage: i18n-set.ts NAMESPACE KEY EN ES PT | NAMESPACE --file FILE");
const entries: Record<string, Record<(typeof locales)[number], string>> = rest[0] === "--file"
  ? JSON.parse(readFileSync(rest[1] ?? "", "utf8"))
  : { [rest[0] as string]: { en: rest[1] ?? "", es: rest[2] ?? "", pt: rest[3] ?? "" } };

const lockPath = path.join("i18n", ".lock");
const deadline = Date.now() + 30_000;
let lock = -1;
while (lock < 0) {
  try {
    lock = openSync(lockPath, "wx");
  } catch {
    if (Date.now() > deadline) throw new Error(`${lockPath} held for 30 s: remove it if no one is writing`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}
try {
  for (const locale of locales) {
    const file = path.join("i18n", locale, `${namespace}.json`);
    const tree = JSON.parse(readFileSync(file, "utf8")) as Tree;
    for (const [key, texts] of Object.entries(entries)) {
      if (!texts[locale]) throw new Error(`${key} has no ${locale} text`);
      const parts = key.split(".");
      let node = tree;
      for (const part of parts.slice(0, -1)) {
        const next = node[part];
        if (typeof next === "string") throw new Error(`${key}: ${part} is a message, not a group`);
        if (next === undefined) node[part] = {};
        node = node[part] as Tree;
      }
      node[parts[parts.length - 1] as string] = texts[locale];
    }
    writeFileSync(file, `${JSON.stringify(tree, null, 2)}\n`);
  }
} finally {
  closeSync(lock);
  rmSync(lockPath);
}

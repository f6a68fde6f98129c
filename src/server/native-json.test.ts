import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { documentFixtures } from "../../test/fixtures/documents/make-fixtures";

// Issue 22: pdfjs-dist's legacy build installs core-js polyfills that swap JSON.stringify/JSON.parse for
// ~8x slower versions in whatever realm imports it. Every API answer is JSON, so the server's realm must
// keep the engine's own: PDF text runs in a thread (pdf-text-thread.ts). The originals are taken before
// anything of the server is imported, then the web's and the jobs' module graphs load and a PDF is read.
const original = { stringify: JSON.stringify, parse: JSON.parse };

it("keeps JSON native after the web and the jobs load and after a PDF is read", async () => {
  await import("./start-web");
  await import("../runtime/job-deps");
  const { extractDocumentText } = await import("../infra/documents/extract-text");
  const folder = await mkdtemp(path.join(tmpdir(), "parley-native-json-"));
  try {
    const file = path.join(folder, "two-pages.pdf");
    await writeFile(file, documentFixtures()["two-pages.pdf"] as Uint8Array);
    const extracted = await extractDocumentText(file, { fileName: "two-pages.pdf", mimeType: "application/pdf" });
    expect(extracted.pageCount).toBe(2);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  expect(JSON.stringify).toBe(original.stringify);
  expect(JSON.parse).toBe(original.parse);
});

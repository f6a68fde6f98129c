import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { DocumentError, type DocumentErrorCode } from "./document-error";
import type { ExtractedText, FormatReaderOptions } from "./extracted-text";

// PDF text in a worker thread (issue 22): importing pdfjs-dist's legacy build (the one for Node 20) swaps
// the process's JSON.stringify/JSON.parse for core-js versions about 8x slower on every API answer. In a
// thread of its own the polyfills stay there; the thread ends with the document, so its memory does too.

type Reply = { ok: true; result: ExtractedText } | { ok: false; code: DocumentErrorCode | null; message: string };

const isSource = import.meta.url.endsWith(".ts");
const workerUrl = new URL(`./pdf-text-worker${isSource ? ".ts" : ".js"}`, import.meta.url);

/** From source (tsx, vitest) the thread loads the worker through tsx (Node 20 threads ignore `--import`); a build runs it as it is. */
function threadEntry(): URL {
  if (!isSource) return workerUrl;
  // tsx's ESM entry (its package.json `exports["./esm/api"].import`); require.resolve would give the CJS one.
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const tsxApi = pathToFileURL(path.join(tsxRoot, "dist/esm/api/index.mjs")).href;
  const code = `const { tsImport } = await import(${JSON.stringify(tsxApi)}); await tsImport(${JSON.stringify(workerUrl.href)}, ${JSON.stringify(import.meta.url)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

export function extractPdfTextInThread(filePath: string, { signal, maxChars }: FormatReaderOptions): Promise<ExtractedText> {
  signal?.throwIfAborted();
  return new Promise<ExtractedText>((resolve, reject) => {
    const worker = new Worker(threadEntry(), { workerData: { filePath, maxChars } });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      action();
      void worker.terminate();
    };
    const onAbort = () => settle(() => reject(signal?.reason));
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.once("message", (reply: Reply) =>
      settle(() => {
        if (reply.ok) resolve(reply.result);
        else reject(reply.code ? new DocumentError(reply.code, reply.message) : new Error(reply.message));
      }),
    );
    worker.once("error", (error) => settle(() => reject(error)));
    worker.once("exit", (code) => settle(() => reject(new Error(`the PDF text thread ended (exit code ${code}) without an answer`))));
  });
}

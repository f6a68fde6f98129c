import { parentPort, workerData } from "node:worker_threads";
import { DocumentError } from "./document-error";
import { extractPdfText } from "./pdf-text";

// The thread side of pdf-text-thread.ts: pdfjs-dist's legacy build installs core-js polyfills that replace
// JSON.stringify and JSON.parse (and more) for the whole realm it loads in; here that realm is this thread.

const { filePath, maxChars } = workerData as { filePath: string; maxChars: number };
try {
  const result = await extractPdfText(filePath, { maxChars });
  parentPort?.postMessage({ ok: true, result });
} catch (error) {
  parentPort?.postMessage(
    error instanceof DocumentError
      ? { ok: false, code: error.code, message: error.message }
      : { ok: false, code: null, message: error instanceof Error ? error.message : String(error) },
  );
}

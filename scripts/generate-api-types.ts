import { mkdir } from "node:fs/promises";
import type { OpenAPI3 } from "openapi-typescript";
import { startTestWeb } from "../test/support/test-web";
import { apiTypesFolder, renderApiTypes, writeApiTypes } from "./api-types";

// `npm run api:types`: starts the web role on an embedded database, reads the document it serves and
// writes the browser's API types (decision 021) to src/shared/api/generated/.
const web = await startTestWeb("pglite");
try {
  const document = (await (await fetch(`${web.url}/api/openapi.json`)).json()) as OpenAPI3;
  const files = await renderApiTypes(document);
  await mkdir(apiTypesFolder, { recursive: true });
  await writeApiTypes(files);
  process.stdout.write(`${apiTypesFolder}: ${Object.keys(document.paths ?? {}).length} paths in ${files.length} files\n`);
} finally {
  await web.stop();
}

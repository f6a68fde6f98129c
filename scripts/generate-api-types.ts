import { writeFile } from "node:fs/promises";
import type { OpenAPI3 } from "openapi-typescript";
import { startTestWeb } from "../test/support/test-web";
import { apiTypesFile, renderApiTypes } from "./api-types";

// `npm run api:types`: starts the web role on an embedded database, reads the document it serves and
// writes the browser's API types (decision 021).
const web = await startTestWeb("pglite");
try {
  const document = (await (await fetch(`${web.url}/api/openapi.json`)).json()) as OpenAPI3;
  await writeFile(apiTypesFile, await renderApiTypes(document));
  process.stdout.write(`${apiTypesFile}: ${Object.keys(document.paths ?? {}).length} paths\n`);
} finally {
  await web.stop();
}

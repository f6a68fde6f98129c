// The admin engines page's call (issue 19), typed by src/shared/engines/engines-api.ts through the generated paths.

import { api, call } from "~/app/api/typed-api";
import type { EngineInfo } from "~/shared/engines/engines-api";

/** GET /api/admin/engines: engine, model, languages, source and health per AI capability. */
export async function fetchEngines(signal?: AbortSignal): Promise<EngineInfo[]> {
  return (await call(api().GET("/admin/engines", { signal }))).engines;
}

// The admin engines page's calls (issue 19), typed by src/shared/engines/ through the generated paths.

import { api, call } from "~/app/api/typed-api";
import type {
  ConfigurableCapability,
  SaveEngineSettings,
  TestConnection,
  TestConnectionResponse,
} from "~/shared/engines/engine-settings-api";
import type { EngineInfo } from "~/shared/engines/engines-api";

/** GET /api/admin/engines: engine, model, languages, source and health per AI capability. */
export async function fetchEngines(signal?: AbortSignal): Promise<EngineInfo[]> {
  return (await call(api().GET("/admin/engines", { signal }))).engines;
}

/** PUT /api/admin/engines/settings: the engines as they are after the change. */
export async function saveEngineSettings(body: SaveEngineSettings): Promise<EngineInfo[]> {
  return (await call(api().PUT("/admin/engines/settings", { body }))).engines;
}

/** DELETE /api/admin/engines/settings/{capability}: back to the environment and the defaults. */
export async function resetEngineSettings(capability: ConfigurableCapability): Promise<EngineInfo[]> {
  return (await call(api().DELETE("/admin/engines/settings/{capability}", { params: { path: { capability } } }))).engines;
}

/** POST /api/admin/engines/test-connection: what the endpoint answered (a failure is an answer, not an error). */
export async function testConnection(body: TestConnection): Promise<TestConnectionResponse> {
  return call(api().POST("/admin/engines/test-connection", { body }));
}

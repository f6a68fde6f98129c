// The admin overview page's call (issue 20), typed by src/shared/admin/ through the generated paths.

import { api, call } from "~/app/api/typed-api";
import type { AdminOverviewResponse } from "~/shared/admin/admin-overview-api";

/** GET /api/admin/overview: the last 30 days across all accounts. */
export async function fetchAdminOverview(signal?: AbortSignal): Promise<AdminOverviewResponse> {
  return call(api().GET("/admin/overview", { signal }));
}

import type { RunningWeb } from "~/server/start-web";
import type { DatabaseKind } from "./test-databases";
import { actionCodeFor, startTestWeb, TestClient } from "./test-web";

/**
 * A web process whose ADMIN_EMAILS names `adminEmail`, and that admin signed up and verified: what every
 * admin API test starts from (issue 20).
 */
export async function startAdminWeb(
  kind: DatabaseKind,
  adminEmail: string,
  password: string,
): Promise<{ web: RunningWeb; admin: TestClient }> {
  const web = await startTestWeb(kind, { AUTH_RATE_LIMIT_SCALE: "100", ADMIN_EMAILS: adminEmail });
  const admin = new TestClient(web.url);
  await admin.signUp(adminEmail, password);
  await admin.request("GET", `/api/auth/verify-email?token=${encodeURIComponent(actionCodeFor(web, adminEmail, "verifyEmail"))}`);
  return { web, admin };
}

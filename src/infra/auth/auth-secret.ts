import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * AUTH_SECRET from the environment; the embedded default (no env at all) generates one into DATA_DIR
 * once so sessions survive restarts. A public https deployment must set it: several processes share it.
 */
export async function resolveAuthSecret(env: { AUTH_SECRET?: string; DATA_DIR: string; PUBLIC_URL?: string }): Promise<string> {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.PUBLIC_URL?.startsWith("https://")) {
    throw new Error("AUTH_SECRET must be set (32+ characters) when PUBLIC_URL is an https address.");
  }
  const file = path.resolve(env.DATA_DIR, "auth-secret");
  try {
    const stored = (await readFile(file, "utf8")).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(32).toString("base64url");
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { addApple } from "./apple";
import { CodeStore } from "./code-store";
import { addFacebook } from "./facebook";
import { addGoogle, type GoogleStandIn } from "./google";
import { addMicrosoft } from "./microsoft";
import { createSigningKey, type SigningKey } from "./signing-key";
import type { StandInClients } from "./test-clients";

export interface OAuthStandIns {
  /** `http://127.0.0.1:<port>`: the providers live under /google, /facebook, /apple, /microsoft. */
  url: string;
  port: number;
  clients: StandInClients;
  /** The RS256 key behind every stand-in's ID tokens (its public half is each JWKS). */
  signingKey: SigningKey;
  google: GoogleStandIn;
  close(): Promise<void>;
}

export interface StartOAuthStandInsOptions {
  /** 0 picks a free port. */
  port: number;
  clients: StandInClients;
  /** 127.0.0.1 by default: another site than the app's `localhost`, so redirects are cross-site as in production. */
  host?: string;
}

/** Starts the four providers' stand-ins in one HTTP server; test users and keys are made here. */
export async function startOAuthStandIns(options: StartOAuthStandInsOptions): Promise<OAuthStandIns> {
  const host = options.host ?? "127.0.0.1";
  const signingKey = await createSigningKey();
  const codes = new CodeStore();
  const app = new Hono();
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: (request) => app.fetch(request), port: options.port, hostname: host }, () => resolve(started));
  });
  const port = (server.address() as AddressInfo).port;
  const base = `http://${host}:${port}`;
  app.get("/health", (c) => c.json({ ok: true }));
  // Browsers ask every origin for one; a 404 would be a console error in the e2e journeys.
  app.get("/favicon.ico", (c) => c.body(null, 204));
  const google = addGoogle(app, base, options.clients, codes, signingKey);
  addFacebook(app, base, options.clients, codes);
  addApple(app, base, options.clients, codes, signingKey);
  addMicrosoft(app, base, options.clients, codes, signingKey);
  return {
    url: base,
    port,
    clients: options.clients,
    signingKey,
    google,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

import type { Environment } from "~/shared/environment";
import type { Viewer } from "~/shared/routing/decide-route";

/** What the browser-side guard knows; filled from the root loader's data when the app hydrates. */
export interface ClientGuardState {
  viewer: Viewer | null;
  environment: Environment;
  redirects: Record<string, string>;
}

let state: ClientGuardState = { viewer: null, environment: "production", redirects: {} };
/**
 * False until the root loader's data reached the browser. A page that the server answered with an error
 * before its loaders ran (a 404 document) has none: the browser then does not know who is signed in.
 */
let isKnown = false;

export function setClientGuardState(next: ClientGuardState): void {
  state = next;
  isKnown = true;
}

export function getClientGuardState(): ClientGuardState {
  return state;
}

/** Whether getClientGuardState() says what the server said, rather than its anonymous default. */
export function isClientGuardStateKnown(): boolean {
  return isKnown;
}

import type { Environment } from "~/shared/environment";
import type { Viewer } from "~/shared/routing/decide-route";

/** What the browser-side guard knows; filled from the root loader's data when the app hydrates. */
export interface ClientGuardState {
  viewer: Viewer | null;
  environment: Environment;
  redirects: Record<string, string>;
}

let state: ClientGuardState = { viewer: null, environment: "production", redirects: {} };

export function setClientGuardState(next: ClientGuardState): void {
  state = next;
}

export function getClientGuardState(): ClientGuardState {
  return state;
}

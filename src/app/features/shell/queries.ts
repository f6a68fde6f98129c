// The signed-in user's own calls (spec section 7: GET /user, POST /user/set; account deletion). Pages and
// the shell share them so every screen reads the same payload shape. Typed by the API's contract (decision
// 021). The e-mail change is better-auth's own endpoint, so it lives with the other auth calls.

import { api, call } from "~/app/api/typed-api";
import type { SetUserInput, UserPayload } from "~/shared/accounts/user-payload";

export async function fetchUser(signal?: AbortSignal): Promise<UserPayload> {
  return (await call(api().GET("/user", { signal }))).payload;
}

/** Saves profile, settings and onboarding flags; answers the user's data after the change. */
export async function saveUser(input: SetUserInput): Promise<UserPayload> {
  return (await call(api().POST("/user/set", { body: input }))).payload;
}

/** Deletes the account and its data; the server also ends the session. */
export async function deleteMyAccount(): Promise<void> {
  await call(api().DELETE("/user"));
}

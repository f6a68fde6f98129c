// The signed-in user's own calls (spec section 7: GET /user, POST /user/set; account deletion; the auth
// library's change-email). Pages and the shell share them so every screen reads the same payload shape.

import { apiRequest } from "~/app/api/api-client";
import type { SetUserInput, UserPayload } from "~/shared/accounts/user-payload";

interface PayloadAnswer {
  success: true;
  payload: UserPayload;
}

export async function fetchUser(signal?: AbortSignal): Promise<UserPayload> {
  const answer = await apiRequest<PayloadAnswer>("GET", "/user", { signal });
  return answer.payload;
}

/** Saves profile, settings and onboarding flags; answers the user's data after the change. */
export async function saveUser(input: SetUserInput): Promise<UserPayload> {
  const answer = await apiRequest<PayloadAnswer>("POST", "/user/set", { body: input });
  return answer.payload;
}

/** Deletes the account and its data; the server also ends the session. */
export async function deleteMyAccount(): Promise<void> {
  await apiRequest<{ success: true }>("DELETE", "/user");
}

/** Asks the auth library to mail a confirmation link to the new address (the change happens on that link). */
export async function requestEmailChange(input: { newEmail: string; callbackURL: string }): Promise<void> {
  await apiRequest<{ status: boolean }>("POST", "/auth/change-email", { body: input });
}

import { createHash } from "node:crypto";

export type StandInProviderId = "google" | "facebook" | "apple" | "microsoft";

/** Who signs in at a stand-in. `email` undefined: the provider withholds it (Facebook without one). */
export interface StandInUser {
  name: string;
  email: string | undefined;
}

/** The person each consent page offers unless the test types another. */
export const defaultStandInUsers: Record<StandInProviderId, StandInUser> = {
  google: { name: "Grace Google", email: "grace.google@example.test" },
  facebook: { name: "Frank Facebook", email: "frank.facebook@example.test" },
  apple: { name: "Ada Apple", email: "ada.apple@example.test" },
  microsoft: { name: "Mona Microsoft", email: "mona.microsoft@example.test" },
};

/** The One Tap person (a different one from the Google button's, so both can be new users). */
export const defaultOneTapUser: StandInUser = { name: "Otto One Tap", email: "otto.onetap@example.test" };

/** A stable subject per provider and person, as a provider keeps one id per account. */
export function standInSubject(provider: StandInProviderId, user: StandInUser): string {
  const key = user.email ?? `no-email:${user.name}`;
  return BigInt(`0x${createHash("sha256").update(`${provider}:${key}`).digest("hex").slice(0, 15)}`).toString();
}

// Microsoft's test tenant; tokens name it in `tid` and in the issuer.
export const standInMicrosoftTenantId = "2c1a6e0b-6c3f-4d8e-9a44-0000000000a1";

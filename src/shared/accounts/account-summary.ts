/** What a page knows of the signed-in user (root loader data; no billing or tracking fields). */
export interface AccountSummary {
  id: string;
  email: string;
  name: string;
  photoURL: string | null;
  language: string | null;
  role: "admin" | "user";
}

export const signInProviderIds = ["google", "facebook", "apple", "microsoft"] as const;
export type SignInProviderId = (typeof signInProviderIds)[number];

/** The sign-in options pages offer: providers with credentials, and One Tap when Google is on. */
export interface SignInOptions {
  providers: SignInProviderId[];
  oneTapClientId: string | null;
  gsiClientUrl: string | null;
}

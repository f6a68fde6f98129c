// The one table of the product's pages (spec section 2). routes.ts turns it into React Router config
// for every locale, and the route guards read the same rows, so a page and its rules cannot drift apart.

export type LayoutName = "dashboard" | "dashboard-public" | "generic-onboarding" | "landing-page" | "login" | "onboarding" | "sso";

/** Who may open a page. */
export type RouteAccess = "public" | "anonymousOnly" | "signedIn" | "nonPro" | "admin";

/** i18n namespaces a page needs besides `common`. */
export type PageNamespace = "marketing" | "legal" | "auth" | "account" | "notes" | "meetings" | "billing" | "calendar";

export interface RouteDef {
  name: string;
  /** Path without locale prefix; `:param` segments. */
  path: string;
  /** Route module, relative to src/app. */
  file: string;
  layout: LayoutName;
  access: RouteAccess;
  /** Marketing pages get a trailing slash by redirect. */
  isMarketing?: boolean;
  /** Auth-flow pages keep `next` across redirects. */
  isAuthFlow?: boolean;
  isStagingOnly?: boolean;
  /** `/n/{noteShareId}` has no language variants. */
  isUnlocalized?: boolean;
  /** Pages the verification, onboarding and paywall redirects must not bounce away from. */
  isExemptFromVerify?: boolean;
  isExemptFromOnboarding?: boolean;
  isExemptFromPaywall?: boolean;
  namespaces?: PageNamespace[];
}

const landing = (name: string, path: string, file: string): RouteDef => ({
  name,
  path,
  file,
  layout: "landing-page",
  access: "public",
  isMarketing: true,
  namespaces: ["marketing"],
});

const onboardingPage = (name: string, path: string): RouteDef => ({
  name,
  path,
  file: "routes/marketing/onboarding-page.tsx",
  layout: "onboarding",
  access: "public",
  isMarketing: true,
  namespaces: ["marketing"],
});

const authFlow = (name: string, path: string, file: string): RouteDef => ({
  name,
  path,
  file,
  layout: "login",
  access: "anonymousOnly",
  isAuthFlow: true,
  namespaces: ["auth"],
});

const dashboard = (name: string, path: string, file: string): RouteDef => ({
  name,
  path,
  file,
  layout: "dashboard",
  access: "signedIn",
});

const admin = (name: string, path: string, file: string): RouteDef => ({
  name,
  path,
  file,
  layout: "dashboard",
  access: "admin",
});

const policy = (name: string, path: string): RouteDef => ({
  name,
  path,
  file: "routes/public/policy-page.tsx",
  layout: "landing-page",
  access: "public",
  namespaces: ["legal"],
});

export const routeTable: readonly RouteDef[] = [
  landing("LandingPage", "/", "routes/marketing/landing-page.tsx"),
  landing("AiChat", "/ai-chat", "routes/marketing/landing-page.tsx"),
  landing("YoutubeVideoSummarizer", "/youtube-video-summarizer", "routes/marketing/landing-page.tsx"),
  landing("Transcribe", "/transcribe", "routes/marketing/landing-page.tsx"),
  landing("Integrations", "/integrations", "routes/marketing/landing-page.tsx"),
  landing("AudioToText", "/audio-to-text", "routes/marketing/landing-page.tsx"),
  landing("VideoToText", "/video-to-text", "routes/marketing/landing-page.tsx"),
  landing("MeetingSummarizer", "/meeting-summarizer", "routes/marketing/landing-page.tsx"),

  onboardingPage("Onboarding", "/onboarding"),
  onboardingPage("OnboardingSpeechToText", "/onboarding-speech-to-text"),
  onboardingPage("OnboardingTranscribe", "/onboarding-transcribe"),
  onboardingPage("OnboardingAudioToText", "/onboarding-audio-to-text"),
  onboardingPage("OnboardingWidget", "/onboarding-widget"),
  onboardingPage("Start", "/start"),

  { ...landing("Faq", "/faq", "routes/public/faq-page.tsx"), isMarketing: false },
  policy("Terms", "/terms.html"),
  policy("Privacy", "/policy.html"),
  policy("CookiePolicy", "/cookie-policy.html"),
  policy("Refund", "/refund.html"),
  policy("Community", "/community.html"),
  {
    name: "UiKit",
    path: "/ui-kit",
    file: "routes/public/ui-kit-page.tsx",
    layout: "landing-page",
    access: "public",
    isStagingOnly: true,
  },

  authFlow("Login", "/login", "routes/auth/login-page.tsx"),
  authFlow("Signup", "/signup", "routes/auth/signup-page.tsx"),
  authFlow("Register", "/register", "routes/auth/signup-page.tsx"),
  authFlow("EmailLogin", "/email-login", "routes/auth/email-login-page.tsx"),
  authFlow("ForgotPassword", "/forgot-password", "routes/auth/forgot-password-page.tsx"),
  authFlow("GoogleOneTap", "/google-one-tap", "routes/auth/google-one-tap-page.tsx"),
  {
    name: "VerifyEmail",
    path: "/verify",
    file: "routes/auth/verify-email-page.tsx",
    layout: "login",
    namespaces: ["auth"],
    access: "signedIn",
    isAuthFlow: true,
    isExemptFromVerify: true,
    isExemptFromOnboarding: true,
    isExemptFromPaywall: true,
  },
  {
    name: "ResetPassword",
    path: "/reset-password",
    file: "routes/auth/reset-password-page.tsx",
    layout: "login",
    namespaces: ["auth"],
    access: "public",
  },
  {
    name: "EmailAction",
    path: "/email-action",
    file: "routes/auth/email-action-page.tsx",
    layout: "login",
    namespaces: ["auth"],
    access: "public",
  },
  { name: "SignIn", path: "/signin", file: "routes/auth/sign-in-return-page.tsx", layout: "login", access: "public", namespaces: ["auth"] },
  { name: "Sso", path: "/sso", file: "routes/auth/sso-page.tsx", layout: "sso", access: "public", namespaces: ["auth"] },

  { ...dashboard("Home", "/home", "routes/dashboard/home-page.tsx"), namespaces: ["notes", "meetings", "calendar"] },
  { ...dashboard("Notes", "/notes", "routes/dashboard/notes-page.tsx"), namespaces: ["notes"] },
  dashboard("AskAi", "/ask-ai", "routes/dashboard/ask-ai-page.tsx"),
  { ...dashboard("Note", "/note/:id", "routes/dashboard/note-page.tsx"), namespaces: ["notes", "meetings"] },
  { ...dashboard("Folder", "/folder/:folderId", "routes/dashboard/folder-page.tsx"), namespaces: ["notes"] },
  dashboard("Settings", "/settings", "routes/dashboard/settings-redirect.tsx"),
  { ...dashboard("SettingsProfile", "/settings/profile", "routes/dashboard/settings-profile-page.tsx"), namespaces: ["account"] },
  { ...dashboard("SettingsEmail", "/settings/email", "routes/dashboard/settings-email-page.tsx"), namespaces: ["account"] },
  {
    ...dashboard("SettingsBilling", "/settings/profile/billing", "routes/dashboard/settings-billing-page.tsx"),
    namespaces: ["account", "billing"],
  },
  {
    ...dashboard("SettingsCalendar", "/settings/calendar", "routes/dashboard/settings-calendar-page.tsx"),
    namespaces: ["account", "meetings", "calendar"],
  },
  {
    name: "OnboardingDefault",
    path: "/onboarding/start",
    file: "routes/dashboard/onboarding-default-page.tsx",
    layout: "generic-onboarding",
    access: "signedIn",
    isExemptFromOnboarding: true,
    isExemptFromPaywall: true,
    // notes: the spoken-language menu of the language step is the upload forms' one; calendar: its connect buttons.
    namespaces: ["account", "notes", "calendar"],
  },
  {
    name: "Paywall",
    path: "/paywall",
    file: "routes/dashboard/paywall-page.tsx",
    layout: "generic-onboarding",
    access: "nonPro",
    isExemptFromVerify: true,
    isExemptFromPaywall: true,
    namespaces: ["account", "billing"],
  },
  {
    name: "Checkout",
    path: "/checkout/:productId",
    file: "routes/dashboard/checkout-page.tsx",
    layout: "generic-onboarding",
    access: "nonPro",
    isExemptFromVerify: true,
    isExemptFromPaywall: true,
    namespaces: ["billing"],
  },

  { ...admin("AdminOverview", "/admin", "routes/admin/admin-overview-page.tsx"), namespaces: ["notes"] },
  admin("AdminNotes", "/admin/notes", "routes/admin/admin-notes-page.tsx"),
  admin("AdminUsers", "/admin/users", "routes/admin/admin-users-page.tsx"),
  admin("AdminEngines", "/admin/engines", "routes/admin/admin-engines-page.tsx"),
  admin("AdminAudit", "/admin/audit", "routes/admin/admin-audit-page.tsx"),
  admin("AdminNote", "/admin/note/:ownerId/:id", "routes/admin/admin-note-page.tsx"),
  admin("AdminUserNotes", "/admin/user/:userId/notes", "routes/admin/admin-user-notes-page.tsx"),

  {
    name: "SharedNote",
    path: "/n/:noteShareId",
    file: "routes/public/shared-note-page.tsx",
    layout: "dashboard-public",
    access: "public",
    isUnlocalized: true,
    namespaces: ["notes"],
  },
  {
    name: "DemoNote",
    path: "/demo-note/:id",
    file: "routes/public/demo-note-page.tsx",
    layout: "dashboard-public",
    access: "public",
    namespaces: ["notes"],
  },
];

/** Paths of the named routes of spec section 2 (interpretations 16). */
export const namedPaths = {
  LandingPage: "/",
  Login: "/login",
  VerifyEmail: "/verify",
  OnboardingDefault: "/onboarding/start",
  Paywall: "/paywall",
  Home: "/home",
  /** interpretations 16: the default signed-in page is Home. */
  Default: "/home",
} as const;

export function findRouteByName(name: string): RouteDef | undefined {
  return routeTable.find((r) => r.name === name);
}

import { eq } from "drizzle-orm";
import { account, user, userData } from "~/infra/db/auth-schema";
import type { Database } from "~/infra/db/client";
import {
  type OnboardingFlagName,
  onboardingFlagNames,
  preferencesSchema,
  type StoredClickIds,
  type UserPayload,
} from "~/shared/accounts/user-payload";
import { clickIdNames } from "~/shared/analytics/attribution";
import { subscriptionSchema } from "~/shared/billing/subscription";
import { isLocale } from "~/shared/i18n/locales";

/** The signed-in user's payload (spec section 7 `GET /user`), or null when the user is gone. */
export async function findUserPayload(db: Database, { userId }: { userId: string }): Promise<UserPayload | null> {
  const [row] = await db
    .select({ user, data: userData })
    .from(user)
    .leftJoin(userData, eq(userData.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (!row) return null;
  const providers = await db.select({ providerId: account.providerId }).from(account).where(eq(account.userId, userId));
  const data = row.data;
  const subscription = subscriptionSchema.safeParse(data?.subscription);
  const preferences = preferencesSchema.safeParse(data?.preferences ?? {});
  const integrations = data?.integrations ?? {};
  return {
    userId: row.user.id,
    firebaseUserId: row.user.id,
    cerebroId: data?.cerebroId ?? "",
    email: row.user.email,
    emailVerified: row.user.emailVerified,
    name: row.user.name,
    photoURL: row.user.image ?? null,
    createdAt: row.user.createdAt.toISOString(),
    providerData: providers.map((p) => ({ providerId: p.providerId })),
    initialSet: data?.initialSet ?? false,
    paddleCustomerId: data?.paddleCustomerId ?? null,
    paddleCustomerEmail: data?.paddleCustomerEmail ?? null,
    subscription: subscription.success ? subscription.data : null,
    integrations: {
      google_calendar: Boolean(integrations.google_calendar),
      microsoft_outlook: Boolean(integrations.microsoft_outlook),
    },
    onboarding: pickFlags(data?.onboarding ?? {}),
    settings: { language: isLocale(data?.language) ? data.language : null },
    preferences: preferences.success ? preferences.data : {},
    role: row.user.role === "admin" ? "admin" : "user",
    isPaymentInitiated: data?.isPaymentInitiated ?? false,
  };
}

function pickFlags(stored: Record<string, boolean>): Partial<Record<OnboardingFlagName, boolean>> {
  const flags: Partial<Record<OnboardingFlagName, boolean>> = {};
  for (const name of onboardingFlagNames) if (typeof stored[name] === "boolean") flags[name] = stored[name];
  return flags;
}

/** The attribution stored by `setClickIds`, split back into click ids and utm_ parameters; null when the user is gone. */
export async function findClickIds(db: Database, { userId }: { userId: string }): Promise<StoredClickIds | null> {
  const [row] = await db.select({ clickIds: userData.clickIds }).from(userData).where(eq(userData.userId, userId)).limit(1);
  if (!row) return null;
  const stored: StoredClickIds = { clickIds: {}, utm: {} };
  for (const [key, value] of Object.entries(row.clickIds)) {
    if (typeof value !== "string") continue;
    if (key.startsWith("utm_")) stored.utm[key] = value;
    else {
      const name = clickIdNames.find((known) => known === key);
      if (name) stored.clickIds[name] = value;
    }
  }
  return stored;
}

/** The user's chosen interface language, for mails sent outside a request. */
export async function findUserLanguage(db: Database, { userId }: { userId: string }): Promise<string | null> {
  const [row] = await db.select({ language: userData.language }).from(userData).where(eq(userData.userId, userId)).limit(1);
  return row?.language ?? null;
}

export async function findUserEmail(db: Database, { userId }: { userId: string }): Promise<string | null> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.email ?? null;
}

import { eq, inArray, sql } from "drizzle-orm";
import { user, userData } from "~/infra/db/auth-schema";
import type { Database } from "~/infra/db/client";
import type { Storage } from "~/infra/storage/storage";
import type { SetClickIdsInput, SetUserInput } from "~/shared/accounts/user-payload";
import type { Locale } from "~/shared/i18n/locales";
import { userFilesPrefix } from "../notes/storage-keys";

/** Creates the product's row for a new auth user (idempotent: a retried hook changes nothing). */
export async function ensureUserData(db: Database, { userId, language }: { userId: string; language: Locale | null }): Promise<void> {
  await db.insert(userData).values({ userId, language }).onConflictDoNothing({ target: userData.userId });
}

/** spec section 7 `POST /user/set`: profile fields on the auth user, the rest on the user data row. */
export async function updateUserData(db: Database, { userId, input }: { userId: string; input: SetUserInput }): Promise<void> {
  await db.transaction(async (tx) => {
    const profile: Partial<typeof user.$inferInsert> = {};
    if (input.name !== undefined) profile.name = input.name;
    if (input.photoURL !== undefined) profile.image = input.photoURL;
    if (Object.keys(profile).length > 0)
      await tx
        .update(user)
        .set({ ...profile, updatedAt: new Date() })
        .where(eq(user.id, userId));
    const flags = input.onboarding ?? {};
    const preferences = input.preferences ?? {};
    await tx
      .insert(userData)
      .values({
        userId,
        language: input.settings?.language ?? null,
        onboarding: flags,
        preferences,
        isPaymentInitiated: input.isPaymentInitiated ?? false,
        initialSet: true,
      })
      .onConflictDoUpdate({
        target: userData.userId,
        set: {
          ...(input.settings ? { language: input.settings.language } : {}),
          ...(input.isPaymentInitiated !== undefined ? { isPaymentInitiated: input.isPaymentInitiated } : {}),
          // Flags merge, so two tabs finishing different steps do not undo each other.
          onboarding: sql`${userData.onboarding} || ${JSON.stringify(flags)}::jsonb`,
          preferences: sql`${userData.preferences} || ${JSON.stringify(preferences)}::jsonb`,
          initialSet: true,
          updatedAt: new Date(),
        },
      });
  });
}

/** interpretations 23: set by the first note that reaches transcription_ready (a no-op afterwards). */
export async function markConversationRecorded(db: Database, { userId }: { userId: string }): Promise<void> {
  await db
    .update(userData)
    .set({ onboarding: sql`${userData.onboarding} || '{"conversationRecorded":true}'::jsonb`, updatedAt: new Date() })
    .where(sql`${userData.userId} = ${userId} and not coalesce((${userData.onboarding} ->> 'conversationRecorded')::boolean, false)`);
}

/**
 * spec section 7 `POST /user/set-click-ids`: click ids merge (the newest id per ad network is the one its
 * conversion API matches); utm_ parameters are first touch, so a set already stored is kept whole (a second
 * browser's campaign does not rewrite how the account came). Both live in the click_ids document, utm_ keys
 * beside the click ids (no name of spec 3's list starts with utm_).
 */
export async function setClickIds(db: Database, { userId, input }: { userId: string; input: SetClickIdsInput }): Promise<void> {
  const clickIds = JSON.stringify(input.clickIds);
  const utm = JSON.stringify(input.utm ?? {});
  const hasUtm = sql`exists (select 1 from jsonb_object_keys(${userData.clickIds}) as stored(key) where left(stored.key, 4) = 'utm_')`;
  await db
    .update(userData)
    .set({
      clickIds: sql`case when ${hasUtm} then ${userData.clickIds} || ${clickIds}::jsonb else ${userData.clickIds} || ${clickIds}::jsonb || ${utm}::jsonb end`,
      updatedAt: new Date(),
    })
    .where(eq(userData.userId, userId));
}

/**
 * Deletes the account: its files first (media, documents, checkpoints: a failure leaves the account in
 * place to try again, never files without an owner), then the auth user row, and by cascade its
 * sessions, sign-in accounts, user data, notes and usage.
 */
export async function deleteAccount(db: Database, storage: Pick<Storage, "deletePrefix">, { userId }: { userId: string }): Promise<void> {
  await storage.deletePrefix(userFilesPrefix(userId));
  await db.delete(user).where(eq(user.id, userId));
}

/** `ADMIN_EMAILS` and `npm run admin -- grant`: returns how many existing users became admins. */
export async function grantAdmin(db: Database, { emails }: { emails: readonly string[] }): Promise<number> {
  if (emails.length === 0) return 0;
  const rows = await db
    .update(user)
    .set({ role: "admin", updatedAt: new Date() })
    .where(
      inArray(
        user.email,
        emails.map((email) => email.toLowerCase()),
      ),
    )
    .returning({ id: user.id });
  return rows.length;
}

export async function revokeAdmin(db: Database, { email }: { email: string }): Promise<boolean> {
  const rows = await db
    .update(user)
    .set({ role: "user", updatedAt: new Date() })
    .where(eq(user.email, email.toLowerCase()))
    .returning({ id: user.id });
  return rows.length > 0;
}

/**
 * Bans keep the sessions: the next request of a banned user answers 403 user_banned, which signs the
 * browser out to /sso?banned=true (spec section 6); signing in again is refused while the ban lasts.
 */
export async function banUser(
  db: Database,
  { email, reason, expiresAt }: { email: string; reason: string | null; expiresAt: Date | null },
): Promise<boolean> {
  const rows = await db
    .update(user)
    .set({ banned: true, banReason: reason, banExpires: expiresAt, updatedAt: new Date() })
    .where(eq(user.email, email.toLowerCase()))
    .returning({ id: user.id });
  return rows.length > 0;
}

export async function unbanUser(db: Database, { email }: { email: string }): Promise<boolean> {
  const rows = await db
    .update(user)
    .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
    .where(eq(user.email, email.toLowerCase()))
    .returning({ id: user.id });
  return rows.length > 0;
}

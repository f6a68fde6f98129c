import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
// minimal: the same initializer without Kysely (drizzle's adapter is passed), less to import at start (decision 030).
import { betterAuth } from "better-auth/minimal";
import { admin } from "better-auth/plugins/admin";
import { bearer } from "better-auth/plugins/bearer";
import { passwordMaxLength, passwordMinLength, passwordProblem } from "~/shared/accounts/password-rules";
import * as authSchema from "../db/auth-schema";
import type { Database } from "../db/client";
import { type SignInLimit, signInLimitPlugin } from "./sign-in-limit-plugin";
import type { SocialEnv } from "./social/social-env";
import { socialSignInPlugin } from "./social/social-plugin";

/** The mails better-auth asks for; links are built by the caller (they point at /email-action). */
export interface AuthMail {
  verifyEmail(input: { userId: string; email: string; name: string; token: string; request?: Request }): Promise<void>;
  resetPassword(input: { userId: string; email: string; name: string; token: string; request?: Request }): Promise<void>;
  /** Someone signed up with an address that has an account: tell its owner, answer the visitor generically. */
  existingAccount(input: { userId: string; email: string; name: string; request?: Request }): Promise<void>;
}

export interface CreateAuthOptions {
  db: Database;
  secret: string;
  /** Fixed public origin; unset, better-auth takes each request's own origin. */
  baseURL?: string;
  isSecureCookies: boolean;
  adminEmails: readonly string[];
  social: SocialEnv;
  mail: AuthMail;
  /** Multiplies every rate-limit maximum (tests that sign up many users from one address raise it). */
  rateLimitScale: number;
  /** Header the web role sets from the socket address, so clients cannot pick their own rate-limit bucket. */
  clientIpHeader: string;
  /** better-auth's own log lines, routed into the app's logger. */
  log(level: "debug" | "info" | "warn" | "error", message: string): void;
  /** Issue 21: failed passwords counted per e-mail across processes; a locked address is refused with 429. */
  signInLimit?: SignInLimit;
  /** Called after a user row is created: the product's own user data. */
  onUserCreated(user: { id: string; email: string }, headers: Headers | null): Promise<void>;
}

export type Auth = ReturnType<typeof createAuth>;

/** Where a new password is chosen, and the body field that carries it. */
const newPasswordFields: Readonly<Record<string, "password" | "newPassword">> = {
  "/sign-up/email": "password",
  "/reset-password": "newPassword",
  "/change-password": "newPassword",
  "/admin/create-user": "password",
  "/admin/set-user-password": "newPassword",
};

/**
 * shared/accounts/password-rules.ts: a new password that breaches show to be common is refused before
 * better-auth runs (its own checks answer the length rule). The message is replaced by the translated one
 * (server/api/auth), keyed by the code.
 */
const refuseCommonPasswords = createAuthMiddleware(async (ctx) => {
  const field = newPasswordFields[ctx.path];
  const password: unknown = field ? ctx.body?.[field] : undefined;
  if (typeof password !== "string") return;
  // The breach list loads with the first new password, not with the process (issue 22).
  const { isCommonPassword } = await import("~/shared/accounts/common-passwords");
  if (passwordProblem(password, isCommonPassword) !== "passwordTooCommon") return;
  throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_COMMON", message: "This password is too common." });
});

export function createAuth(options: CreateAuthOptions) {
  const { mail } = options;
  const scaled = (max: number) => Math.max(1, Math.round(max * options.rateLimitScale));
  return betterAuth({
    appName: "Parley",
    logger: {
      level: "info",
      log: (level, message) =>
        // Without PUBLIC_URL the origin of each request is used on purpose (self-hosting on any address).
        options.log(message.includes("Base URL is not set") ? "debug" : level, message),
    },
    basePath: "/api/auth",
    baseURL: options.baseURL,
    secret: options.secret,
    database: drizzleAdapter(options.db, { provider: "pg", schema: authSchema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: passwordMinLength,
      maxPasswordLength: passwordMaxLength,
      // Sign-up answers the same whether or not the address has an account (no enumeration); the client
      // then signs in, and unverified password users are routed to /verify by the routing rules.
      autoSignIn: false,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }, request) =>
        mail.resetPassword({ userId: user.id, email: user.email, name: user.name, token, request }),
      onExistingUserSignUp: async ({ user }, request) =>
        mail.existingAccount({ userId: user.id, email: user.email, name: user.name, request }),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }, request) =>
        mail.verifyEmail({ userId: user.id, email: user.email, name: user.name, token, request }),
    },
    hooks: { before: refuseCommonPasswords },
    user: {
      changeEmail: { enabled: true },
      deleteUser: { enabled: false },
    },
    session: {
      expiresIn: 30 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      modelName: "rateLimit",
      window: 60,
      max: scaled(120),
      // issue 3 "Abuse": sign-in, sign-up, reset and verification mails are limited per client address.
      customRules: {
        "/sign-in/email": { window: 60, max: scaled(10) },
        // Starting a provider redirect checks no credential; better-auth's default for /sign-in/* is 3 per 10 s.
        "/sign-in/social": { window: 60, max: scaled(30) },
        "/sign-up/email": { window: 60 * 60, max: scaled(10) },
        "/request-password-reset": { window: 15 * 60, max: scaled(5) },
        "/send-verification-email": { window: 15 * 60, max: scaled(5) },
        "/change-email": { window: 15 * 60, max: scaled(5) },
      },
    },
    advanced: {
      cookiePrefix: "parley",
      useSecureCookies: options.isSecureCookies,
      ipAddress: { ipAddressHeaders: [options.clientIpHeader] },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: { ...user, role: options.adminEmails.includes(user.email.toLowerCase()) ? "admin" : "user" },
          }),
          after: async (user, context) =>
            options.onUserCreated({ id: user.id, email: user.email }, context?.request?.headers ?? context?.headers ?? null),
        },
      },
    },
    plugins: [
      admin({ defaultRole: "user", adminRoles: ["admin"] }),
      bearer(),
      socialSignInPlugin(options.social),
      signInLimitPlugin(options.signInLimit),
    ],
  });
}

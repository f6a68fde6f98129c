import { z } from "zod";
import { clickIdNames, maxUtmParameters, utmKeyPattern } from "../analytics/attribution";
import { subscriptionSchema } from "../billing/subscription";
import { locales } from "../i18n/locales";

// spec section 3 "User data" and section 7 `GET /user`: what the signed-in user's browser gets.
export const onboardingSteps = ["capture", "language", "calendar", "done"] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

/** spec section 3 "Onboarding flags": `{name}_completed` per step plus the named facts. */
export const onboardingFlagNames = [
  ...onboardingSteps.map((step) => `${step}_completed` as const),
  "onboarding_completed",
  "seenPaywall",
  "zoomConnected",
  "calendarConnected",
  "conversationRecorded",
] as const;
export type OnboardingFlagName = (typeof onboardingFlagNames)[number];

/** interpretations 23: connections and the first recording set their own flags; the client sets only these. */
export const clientOnboardingFlags = [
  ...onboardingSteps.map((step) => `${step}_completed` as const),
  "onboarding_completed",
  "seenPaywall",
] as const;

/** Onboarding step 1: what people want Parley for. */
export const captureKinds = ["meetings", "uploads", "youtube", "lectures", "interviews", "voiceNotes"] as const;
export type CaptureKind = (typeof captureKinds)[number];

/** The meeting language is a speech setting (interpretations 12: wider than the interface's); "auto" detects it. */
export const preferencesSchema = z
  .object({
    captureKinds: z.array(z.enum(captureKinds)).max(captureKinds.length),
    meetingLanguage: z.union([z.literal("auto"), z.string().regex(/^[a-z]{2,3}$/)]),
  })
  .partial()
  .strict();
export type Preferences = z.infer<typeof preferencesSchema>;

/** What `GET /api/user` and `POST /api/user/set` answer as `payload`. */
export const userPayloadSchema = z
  .object({
    userId: z.string(),
    /** interpretations 6: the auth provider's user id. */
    firebaseUserId: z.string(),
    cerebroId: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    name: z.string(),
    photoURL: z.string().nullable(),
    /** ISO 8601. */
    createdAt: z.string(),
    providerData: z.array(z.object({ providerId: z.string() })),
    initialSet: z.boolean(),
    paddleCustomerId: z.string().nullable(),
    paddleCustomerEmail: z.string().nullable(),
    subscription: subscriptionSchema.nullable(),
    integrations: z.object({ google_calendar: z.boolean(), microsoft_outlook: z.boolean() }),
    onboarding: z.partialRecord(z.enum(onboardingFlagNames), z.boolean()),
    settings: z.object({ language: z.enum(locales).nullable() }),
    preferences: preferencesSchema,
    role: z.enum(["admin", "user"]),
    isPaymentInitiated: z.boolean(),
  })
  .meta({ id: "UserPayload" });
export type UserPayload = z.infer<typeof userPayloadSchema>;

/** A photo is a small data URL the browser made (256 px); 300 KB leaves room for PNG. */
export const maxPhotoDataUrlLength = 300 * 1024;

export const setUserInput = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    photoURL: z
      .string()
      .max(maxPhotoDataUrlLength)
      .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/)
      .nullable()
      .optional(),
    settings: z
      .object({ language: z.enum(locales) })
      .strict()
      .optional(),
    onboarding: z.partialRecord(z.enum(clientOnboardingFlags), z.boolean()).optional(),
    preferences: preferencesSchema.optional(),
    /** spec section 4 "Checkout completion": set when a payment starts, cleared when it fails. */
    isPaymentInitiated: z.boolean().optional(),
  })
  .strict();
export type SetUserInput = z.infer<typeof setUserInput>;

/** spec section 3 "Tracking click ids". */
export const setClickIdsInput = z
  .object({
    clickIds: z
      .object({
        gclid: z.string().max(512).optional(),
        fbc: z.string().max(512).optional(),
        fbp: z.string().max(512).optional(),
        ttclid: z.string().max(512).optional(),
        ttp: z.string().max(512).optional(),
        ua: z.string().max(1024).optional(),
      })
      .strict(),
    /** spec section 9: the landing visit's utm_ parameters (any utm_ key), kept through sign-up. */
    utm: z
      .record(z.string().regex(utmKeyPattern), z.string().max(512))
      .refine((utm) => Object.keys(utm).length <= maxUtmParameters, { message: `At most ${maxUtmParameters} utm_ parameters` })
      .optional(),
  })
  .strict();
export type SetClickIdsInput = z.infer<typeof setClickIdsInput>;

/** GET /user/click-ids: what attribution the account holds (the user's own data, shown to them). */
export const storedClickIdsSchema = z.object({
  clickIds: z.partialRecord(z.enum(clickIdNames), z.string()),
  utm: z.record(z.string(), z.string()),
});
export type StoredClickIds = z.infer<typeof storedClickIdsSchema>;
export const storedClickIdsResponseSchema = storedClickIdsSchema.extend({ success: z.literal(true) }).meta({ id: "StoredClickIds" });

import { z } from "zod";
import type { Subscription } from "../billing/subscription";
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

export interface UserPayload {
  userId: string;
  /** interpretations 6: the auth provider's user id. */
  firebaseUserId: string;
  cerebroId: string;
  email: string;
  emailVerified: boolean;
  name: string;
  photoURL: string | null;
  createdAt: string;
  providerData: { providerId: string }[];
  initialSet: boolean;
  paddleCustomerId: string | null;
  paddleCustomerEmail: string | null;
  subscription: Subscription | null;
  integrations: { google_calendar: boolean; microsoft_outlook: boolean };
  onboarding: Partial<Record<OnboardingFlagName, boolean>>;
  settings: { language: (typeof locales)[number] | null };
  preferences: Preferences;
  role: "admin" | "user";
  isPaymentInitiated: boolean;
}

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
  })
  .strict();
export type SetClickIdsInput = z.infer<typeof setClickIdsInput>;

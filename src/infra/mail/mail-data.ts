import { z } from "zod";

// Each mail's data, in a file of its own: render-mail.ts checks it and the templates (mail-templates.ts,
// loaded on the first mail) type their props by it, without importing each other.

// One strict schema per mail: a caller passing the wrong data fails here, not in a half-written mail.
// Links must be http(s): a `javascript:` URL in a button is never what a caller meant.
const httpUrl = z.url({ protocol: /^https?$/ });
const actionMail = z.strictObject({ name: z.string().max(200), url: httpUrl });
export const mailData = {
  "verify-email": actionMail,
  "reset-password": actionMail,
  "change-email": actionMail.extend({ newEmail: z.email() }),
  "account-exists": actionMail,
  "limit-upgrade-request": z.strictObject({
    userEmail: z.email(),
    userId: z.string().min(1),
    planId: z.string().min(1),
    limitName: z.string().min(1),
    used: z.number().nonnegative(),
    limit: z.number().nonnegative(),
  }),
  "calendar-recap": z.strictObject({
    name: z.string().max(200),
    ownerName: z.string().max(200),
    title: z.string().max(500),
    summary: z.string().max(20_000),
    decisions: z.array(z.string().max(2_000)).max(100),
    actionItems: z.array(z.strictObject({ text: z.string().max(2_000), owner: z.string().max(200).nullable() })).max(100),
    url: httpUrl,
  }),
} as const;
export type MailKind = keyof typeof mailData;
export type MailData<K extends MailKind> = z.input<(typeof mailData)[K]>;
export type ParsedMailData<K extends MailKind> = z.output<(typeof mailData)[K]>;

import type { CheckoutPayload } from "~/shared/billing/billing-api";
import type { Locale } from "~/shared/i18n/locales";

// spec section 3 "Checkout payload", section 5 and interpretations 25.

/** Apple's "Hide my e-mail" addresses (…@privaterelay.appleid.com) are not prefilled nor sent to checkout. */
export function isPrivateRelayEmail(email: string | null | undefined): boolean {
  return typeof email === "string" && email.toLowerCase().includes("privaterelay");
}

/** interpretations 25: the Paddle form speaks the interface language (Paddle has en, es and pt). */
export function paddleLocale(locale: Locale | string | null | undefined): Locale {
  return locale === "es" || locale === "pt" ? locale : "en";
}

export function buildCheckoutPayload({
  user,
  priceId,
  discountId,
  locale,
}: {
  user: { userId: string; cerebroId: string; email: string };
  priceId: string;
  discountId: string | null;
  locale: string;
}): CheckoutPayload {
  return {
    customData: { cerebroId: user.cerebroId, userId: user.userId },
    settings: { locale: paddleLocale(locale) },
    items: [{ priceId, quantity: 1 }],
    ...(discountId ? { discountId } : {}),
    // A private-relay buyer types their address into the payment form themselves.
    ...(isPrivateRelayEmail(user.email) || !user.email ? {} : { customer: { email: user.email } }),
  };
}

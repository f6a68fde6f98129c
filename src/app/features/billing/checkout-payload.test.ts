import { describe, expect, it } from "vitest";
import { buildCheckoutPayload, isPrivateRelayEmail, paddleLocale } from "./checkout-payload";

// spec section 3 "Checkout payload", section 5 (private relay) and interpretations 25 (locale).

const user = { userId: "user-1", cerebroId: "5b0f3d7e-8a9c-4c1e-9a57-0d6f4c1b2e3a", email: "ana@example.com" };

describe("checkout payload", () => {
  it("carries customData, the locale, one item of the price and the customer's e-mail", () => {
    expect(buildCheckoutPayload({ user, priceId: "pri_year", discountId: null, locale: "es" })).toEqual({
      customData: { cerebroId: user.cerebroId, userId: "user-1" },
      settings: { locale: "es" },
      items: [{ priceId: "pri_year", quantity: 1 }],
      customer: { email: "ana@example.com" },
    });
  });

  it("adds the discount id only when the chosen plan has one", () => {
    expect(buildCheckoutPayload({ user, priceId: "pri_year", discountId: "dsc_71", locale: "en" }).discountId).toBe("dsc_71");
    expect(buildCheckoutPayload({ user, priceId: "pri_year", discountId: "", locale: "en" })).not.toHaveProperty("discountId");
  });

  it("sends no customer at all for a private-relay address (the buyer types it in the form)", () => {
    const payload = buildCheckoutPayload({
      user: { ...user, email: "x7k2@privaterelay.appleid.com" },
      priceId: "pri_year",
      discountId: null,
      locale: "pt",
    });
    expect(payload).not.toHaveProperty("customer");
    expect(payload.customData).toEqual({ cerebroId: user.cerebroId, userId: "user-1" });
  });

  it("recognises the private-relay marker whatever its case, and nothing else", () => {
    expect(isPrivateRelayEmail("abc@PrivateRelay.AppleID.com")).toBe(true);
    expect(isPrivateRelayEmail("privaterelay@example.com")).toBe(true);
    expect(isPrivateRelayEmail("relay@example.com")).toBe(false);
    expect(isPrivateRelayEmail(null)).toBe(false);
  });

  it("the form speaks the interface language; English when unknown", () => {
    expect([paddleLocale("en"), paddleLocale("es"), paddleLocale("pt"), paddleLocale("de"), paddleLocale(null)]).toEqual([
      "en",
      "es",
      "pt",
      "en",
      "en",
    ]);
  });
});

import type { CheckoutOpenOptions, Paddle, PaddleEventData, PaddleSetupOptions } from "@paddle/paddle-js";
import type { CheckoutPayload, PaddleClientConfig } from "~/shared/billing/billing-api";
import type { Locale } from "~/shared/i18n/locales";
import { type Wait, wait } from "./checkout-events";

// Paddle.js for the inline checkout (spec sections 2, 8 and 9; interpretations 25 and 27). The script
// comes from the server's configuration (the CDN in production, the stand-in in tests) and loads only
// when the checkout is shown. @paddle/paddle-js's initializePaddle() is not used: it looks for
// window.PaddleBillingV1 and, when absent, injects the CDN script itself (dist/index.esm.js
// loadFromCDN), which would bypass the configured URL; so we do what it does (Environment.set, then
// Initialize or Update) on window.Paddle, typed from its declarations.

/** spec section 9: wait for the script up to 50 checks, 100 ms apart. */
export const scriptChecks = 50;
export const scriptCheckIntervalMs = 100;
/** The class of the element the inline form is drawn into. */
export const checkoutFrameClass = "paddle-checkout-frame";

export class PaddleScriptError extends Error {
  override name = "PaddleScriptError";
}

/** Polls `read` until it gives a value, at most `checks` times `intervalMs` apart; null when it never does. */
export async function waitForValue<T>(
  read: () => T | undefined,
  { checks = scriptChecks, intervalMs = scriptCheckIntervalMs, pause = wait }: { checks?: number; intervalMs?: number; pause?: Wait } = {},
): Promise<T | null> {
  for (let check = 1; check <= checks; check++) {
    const value = read();
    if (value !== undefined) return value;
    if (check < checks) await pause(intervalMs);
  }
  return null;
}

/** Adds the script once per page (a second checkout reuses it), then waits for window.Paddle. */
export async function loadPaddle(scriptUrl: string, nonce?: string): Promise<Paddle> {
  if (!window.Paddle && !document.querySelector(`script[src="${CSS.escape(scriptUrl)}"]`)) {
    const script = document.createElement("script");
    script.src = scriptUrl;
    script.async = true;
    if (nonce) script.nonce = nonce;
    document.head.appendChild(script);
  }
  const paddle = await waitForValue(() => window.Paddle);
  if (!paddle) throw new PaddleScriptError("Paddle script failed to load");
  return paddle;
}

// Paddle.js takes one event callback at initialisation; each open checkout takes its turn at it.
let listener: ((event: PaddleEventData) => void) | null = null;
export function setCheckoutEventListener(next: ((event: PaddleEventData) => void) | null): void {
  listener = next;
}

/** spec section 9: inline, light theme, the interface language, tax id entry allowed. */
export function checkoutSettings(locale: Locale): NonNullable<PaddleSetupOptions["checkout"]>["settings"] {
  return {
    displayMode: "inline",
    theme: "light",
    locale,
    frameTarget: checkoutFrameClass,
    frameInitialHeight: 450,
    frameStyle: "width:100%;min-width:312px;background-color:transparent;border:none",
    showAddTaxId: true,
    allowLogout: false,
  };
}

export function initializePaddleCheckout(paddle: Paddle, config: PaddleClientConfig, locale: Locale): void {
  paddle.Environment.set(config.environment);
  const options: PaddleSetupOptions = {
    token: config.clientToken,
    eventCallback: (event) => listener?.(event),
    checkout: { settings: checkoutSettings(locale) },
  };
  if (paddle.Initialized) paddle.Update(options);
  else paddle.Initialize(options);
}

export function openPaddleCheckout(paddle: Paddle, payload: CheckoutPayload): void {
  const options: CheckoutOpenOptions = {
    items: payload.items,
    customData: payload.customData,
    settings: { ...payload.settings, displayMode: "inline", frameTarget: checkoutFrameClass },
    ...(payload.discountId ? { discountId: payload.discountId } : {}),
    ...(payload.customer ? { customer: payload.customer } : {}),
  };
  paddle.Checkout.open(options);
}

import type { Price } from "./billing-api";

// Price maths of the paywall (spec section 9). Every money step works in integer cents and formats from
// integers, so no binary-float drift (0.1 + 0.2) can reach a shown price.

export type IntervalUnit = "day" | "week" | "month" | "year";
type Recurring = Price["recurring"];
/** The translation key of a billing interval (spec 9 "billing interval label"); the UI translates it. */
export type BillingIntervalKey = "daily" | "weekly" | "monthly" | "yearly" | "lifetime";

/**
 * spec 9 "plan title": yearly with count 1 reads 12 months; otherwise the count and the unit; one-time
 * prices read "lifetime". The UI pluralises the unit with ICU (count 1 singular).
 */
export function planTitleParts(price: Pick<Price, "recurring">): { count: number; unit: IntervalUnit | "lifetime" } {
  const recurring = price.recurring;
  if (recurring === null) return { count: 1, unit: "lifetime" };
  if (recurring.interval === "year" && recurring.interval_count === 1) return { count: 12, unit: "month" };
  return { count: recurring.interval_count, unit: recurring.interval };
}

/**
 * spec 9 "billing interval label", English, by the spec's literal rule: the frequency when above 1, then
 * the interval plus "ly" ("monthly", "3 monthly", "yearly", "weekly", and "dayly" for day — the literal
 * rule, kept on purpose; translated text comes from billingIntervalParts). One-time prices read "lifetime".
 */
export function billingIntervalLabel(price: Pick<Price, "recurring">): string {
  const recurring = price.recurring;
  if (recurring === null) return "lifetime";
  const word = `${recurring.interval}ly`;
  return recurring.interval_count > 1 ? `${recurring.interval_count} ${word}` : word;
}

const intervalKeys: Record<IntervalUnit, BillingIntervalKey> = {
  day: "daily",
  week: "weekly",
  month: "monthly",
  year: "yearly",
};

/**
 * The parts of the billing interval label for translated text: the count (interval_count, 1 for one-time),
 * the unit, and `key` — the translation key ("monthly", "yearly", "weekly", "daily", "lifetime").
 */
export function billingIntervalParts(price: Pick<Price, "recurring">): {
  count: number;
  unit: IntervalUnit | "lifetime";
  key: BillingIntervalKey;
} {
  const recurring = price.recurring;
  if (recurring === null) return { count: 1, unit: "lifetime", key: "lifetime" };
  return { count: recurring.interval_count, unit: recurring.interval, key: intervalKeys[recurring.interval] };
}

/** Formats whole cents as major units with 2 decimals, from integers (no toFixed on a float). */
function formatCents(cents: number): string {
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? "-" : "";
  const abs = Math.abs(rounded);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** spec 9 "price shown": symbol + unit_amount / 100 with 2 decimals → "$19.99". */
export function formatPrice(unitAmount: number, symbol: string): string {
  return `${symbol}${formatCents(unitAmount)}`;
}

/** unit_amount × (1 − percent/100), in cents rounded to the nearest cent (percent clamped to 0..100). */
export function discountedAmount(unitAmount: number, percent: number): number {
  const clamped = Math.min(100, Math.max(0, percent));
  // One division at the end: unitAmount × (100 − percent) is exact for integer cents and percents.
  return Math.round((unitAmount * (100 - clamped)) / 100);
}

/** spec 9 "price shown" with a discount: symbol + discounted / 100 with 2 decimals. */
export function formatDiscountedPrice(unitAmount: number, percent: number, symbol: string): string {
  return formatPrice(discountedAmount(unitAmount, percent), symbol);
}

const daysPerUnit: Record<IntervalUnit, number> = { day: 1, week: 7, month: 30, year: 365 };

/** Per-day price in cents by the rule of perDayPrice (integer cents out). */
function perDayCents(unitAmount: number, recurring: Recurring): number {
  const days = recurring === null ? 1 : daysPerUnit[recurring.interval] * recurring.interval_count;
  // value (cents) = unitAmount / days; compared as unitAmount vs cents × days so nothing is divided.
  if (unitAmount < 10 * days) return 1;
  const dimes = Math.floor(unitAmount / (10 * days));
  const candidate = dimes * 10 + 9;
  return candidate * days > unitAmount ? candidate - 10 : candidate;
}

/**
 * spec 9 per-day price, in major units with 2 decimals, from the (discounted) amount in cents.
 *
 * The product's decision on the spec's loose wording: days = week 7, month 30, year 365, other 1 (a
 * one-time price counts as 1 day, so it is its own price with the rule below);
 * value = amount / 100 / (days × interval_count). The shown value always ends in the cent digit 9 and
 * never exceeds the real per-day cost: candidate = floor(value × 10) / 10 + 0.09; when candidate > value
 * (that would round up) it drops ten cents; under ten cents the result is 0.01.
 * $19.99/month → 0.59, $69.99/year → 0.19, $44.98 per 3 months → 0.49, $1.00/year → 0.01.
 */
export function perDayPrice(unitAmount: number, recurring: Recurring): number {
  return perDayCents(unitAmount, recurring) / 100;
}

/** The per-day price with its symbol → "$0.19". */
export function formatPerDay(unitAmount: number, recurring: Recurring, symbol: string): string {
  return formatPrice(perDayCents(unitAmount, recurring), symbol);
}

const currencySymbols: Readonly<Record<string, string>> = {
  USD: "$",
  MXN: "$",
  BRL: "R$",
  AUD: "A$",
  CAD: "C$",
  EUR: "€",
  GBP: "£",
  HKD: "HK$",
  THB: "฿",
  CNY: "¥",
  KRW: "₩",
  TWD: "NT$",
  SGD: "S$",
  INR: "₹",
  CHF: "CHF",
  NOK: "kr",
  NZD: "NZ$",
  JPY: "¥",
  TRY: "₺",
  COP: "$",
};

/** spec 9: the symbol of one of the 20 mapped currency codes (upper or lower case); anything else → "$". */
export function currencySymbol(currency: string | null | undefined): string {
  if (!currency) return "$";
  const code = currency.trim().toUpperCase();
  return Object.hasOwn(currencySymbols, code) ? (currencySymbols[code] ?? "$") : "$";
}

/**
 * spec 9 "revenue estimate": price − (5% of price + 0.5), in major units rounded to 2 decimals. Kept
 * literal, so a zero price estimates −0.50 (the fixed fee is still counted).
 */
export function revenueEstimate(price: number): number {
  const cents = Math.round(price * 100);
  // cents × 95 / 100 − 50, in hundredths of a cent first so the 5% is exact before the final rounding.
  return Math.round((cents * 95 - 5000) / 100) / 100;
}

import type { AnalyticsEvent } from "~/shared/analytics/analytics-event";
import type { ConfigPayload } from "~/shared/analytics/gateway-contract";

// Hand-written checks for what the browser reads back (a queue from sessionStorage, the config host's
// answer): the zod schemas in shared/analytics stay on the gateway, so zod does not ship with every page
// (issue 22). The gateway validates each batch in full; these only keep a malformed value out of the queue.

type UnknownRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is UnknownRecord => typeof value === "object" && value !== null && !Array.isArray(value);
const isText = (value: unknown, max: number, min = 0): value is string =>
  typeof value === "string" && value.length >= min && value.length <= max;
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

const isProperty = (value: unknown): boolean => isRecord(value) && isText(value.key, 100, 1) && isText(value.value, 2000);

/** An event as the queue stores it (the shape of shared/analytics/analytics-event.ts). */
export function isAnalyticsEvent(value: unknown): value is AnalyticsEvent {
  if (!isRecord(value)) return false;
  return (
    typeof value.user_id === "string" &&
    /^web_[A-Za-z0-9_-]{1,300}$/.test(value.user_id) &&
    isText(value.type, 40, 1) &&
    isText(value.app_id, 100, 1) &&
    isText(value.version, 20, 1) &&
    (value.result === 0 || value.result === 1) &&
    typeof value.session_id === "string" &&
    /^[0-9a-f]{64}$/.test(value.session_id) &&
    isText(value.event_group, 100, 1) &&
    isText(value.event_name, 100, 1) &&
    isCount(value.event_time) &&
    isCount(value.duration) &&
    isText(value.event_category, 100, 1) &&
    isText(value.page, 2000) &&
    Array.isArray(value.properties) &&
    value.properties.length <= 50 &&
    value.properties.every(isProperty)
  );
}

/** The GET /web answer's status code and payload; null when it is not the config host's shape. */
export function readConfigReply(value: unknown): { code: number; payload: ConfigPayload } | null {
  if (!isRecord(value) || !isRecord(value.status) || !Number.isInteger(value.status.code) || !isRecord(value.payload)) return null;
  const { enabled, batchSize, flushIntervalMs, maxRetries, retryIntervalMs } = value.payload;
  const isInRange = (n: unknown, min: number, max = Number.MAX_SAFE_INTEGER): n is number =>
    Number.isInteger(n) && (n as number) >= min && (n as number) <= max;
  if (typeof enabled !== "boolean" || !isInRange(batchSize, 1, 50) || !isInRange(flushIntervalMs, 500)) return null;
  if (!isInRange(maxRetries, 0, 10) || !isInRange(retryIntervalMs, 100)) return null;
  return { code: value.status.code as number, payload: { enabled, batchSize, flushIntervalMs, maxRetries, retryIntervalMs } };
}

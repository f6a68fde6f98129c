import type { CalendarEvent } from "./calendar-event";
import { type EventInput, type EventPatch, eventInput, generatedInputs } from "./event-input";
import { cancelEvent, deleteEvent, patchEvent, seedEvents, type WriteResult } from "./event-writes";
import { sameEmail } from "./grants";
import { removeSubscriptionsOf } from "./graph-subscriptions";
import type { CalendarProvider, Provider } from "./identity";
import type { Delivery } from "./outbox";
import type { CalendarStore } from "./store";
import { describeZak } from "./zoom";

// What tests and benchmarks can do to the stand-in, in process (CalendarStandIn) or over HTTP
// (control-api.ts, /__test/*). Failures throw ControlError with the HTTP status the control API answers.

export class ControlError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export interface FaultInput {
  provider: Provider;
  status: 429 | 500 | 503;
  count: number;
  retryAfterSeconds?: number;
}

export interface GenerateInput {
  email: string;
  count: number;
  /** ISO instant of the first meeting. */
  from: string;
  days: number;
}

function unwrap<T>(result: WriteResult<T>): T {
  if ("error" in result) throw new ControlError(result.status, result.error);
  return result.ok;
}

export type StandInState = ReturnType<ReturnType<typeof createControl>["state"]>;

export function createControl(store: CalendarStore) {
  return {
    /** Adds (or, for a known id, replaces) events in one account's calendar; one push per channel. */
    seedEvents(provider: CalendarProvider, email: string, events: EventInput[]): string[] {
      const parsed = events.map((event) => {
        const result = eventInput.safeParse(event);
        if (!result.success) throw new ControlError(400, result.error.message);
        return result.data;
      });
      return unwrap(seedEvents(store, provider, email, parsed));
    },
    /** `count` half-hour meetings over `days` days from `from` (benchmarks: 2,000 to 5,000 events). */
    generateEvents(provider: CalendarProvider, input: GenerateInput): string[] {
      const from = Date.parse(input.from);
      if (Number.isNaN(from) || input.count < 1 || input.days <= 0)
        throw new ControlError(400, "from, count >= 1 and days > 0 are required");
      return unwrap(seedEvents(store, provider, input.email, generatedInputs(provider, input.count, from, input.days)));
    },
    /** Moves or edits an event, or one instance of a series (`<seriesId>_<YYYYMMDDTHHMMSSZ>`). */
    patchEvent(provider: CalendarProvider, id: string, patch: EventPatch): CalendarEvent {
      return unwrap(patchEvent(store, provider, id, patch));
    },
    cancelEvent(provider: CalendarProvider, id: string, email?: string): CalendarEvent {
      return unwrap(cancelEvent(store, provider, id, email));
    },
    deleteEvent(provider: CalendarProvider, id: string, email?: string): CalendarEvent {
      return unwrap(deleteEvent(store, provider, id, email));
    },
    /** Access ends: refresh answers invalid_grant, bearer calls 401; Graph also drops the subscriptions. */
    revoke(provider: Provider, email: string): number {
      const count = store.grants.revokeEmail(provider, email);
      if (provider === "microsoft") removeSubscriptionsOf(store, email);
      return count;
    },
    /** The next consent of this person (or of anyone, without an e-mail) is refused: error=access_denied. */
    denyNext(provider: Provider, email?: string): void {
      const denied = store.denyNext.get(provider) ?? new Set<string>();
      denied.add(email?.toLowerCase() ?? "*");
      store.denyNext.set(provider, denied);
    },
    /** Who consents at the next authorize that has no login_hint (Zoom's never has one). */
    nextLogin(provider: Provider, email: string): void {
      store.nextLogin.set(provider, email);
    },
    /** Ages this person's access tokens past their hour, so the app's next call gets a 401 and refreshes. */
    expireTokens(provider: Provider, email: string): number {
      return store.grants.expireAccess(provider, email);
    },
    /** The next `count` API calls of `provider` (not OAuth) fail with its error JSON and Retry-After. */
    fault(input: FaultInput): void {
      if (input.count < 1) store.faults.delete(input.provider);
      else store.faults.set(input.provider, { ...input, remaining: input.count, retryAfterSeconds: input.retryAfterSeconds ?? null });
    },
    /** Every sync token / delta link of this account now answers 410. */
    invalidateSync(provider: CalendarProvider, email: string): void {
      store.book(provider, email).epoch += 1;
    },
    zak: (zak: string) => describeZak(store, zak),
    /** Resolves once every push queued so far has been delivered (answered or failed). */
    settled: async (): Promise<Delivery[]> => {
      await store.outbox.drain();
      return [...store.outbox.deliveries];
    },
    state(email?: string) {
      const mine = (other: string) => email === undefined || sameEmail(other, email);
      const now = Date.now();
      const requests: Record<string, number> = {};
      for (const record of store.requests)
        if (record.email === null ? email === undefined : mine(record.email)) {
          const key = `${record.method} ${record.route}`;
          requests[key] = (requests[key] ?? 0) + 1;
        }
      return {
        grants: [...store.grants.grants.values()]
          .filter((g) => mine(g.email))
          .map((g) => ({
            provider: g.provider,
            email: g.email,
            clientId: g.clientId,
            scope: g.scope,
            revoked: g.revoked,
            refreshes: g.refreshes,
            createdAt: new Date(g.createdMs).toISOString(),
          })),
        calendars: [...store.books.values()]
          .filter((b) => mine(b.email))
          .map((b) => ({ provider: b.provider, email: b.email, events: b.events.size, version: b.version, syncEpoch: b.epoch })),
        channels: [...store.channels.values()]
          .filter((ch) => mine(ch.email))
          .map((ch) => ({
            id: ch.id,
            resourceId: ch.resourceId,
            email: ch.email,
            address: ch.address,
            token: ch.token,
            expiration: new Date(ch.expirationMs).toISOString(),
            stopped: ch.stopped,
            live: !ch.stopped && ch.expirationMs > now,
            messages: ch.messageNumber,
          })),
        subscriptions: [...store.subscriptions.values()]
          .filter((s) => mine(s.email))
          .map((s) => ({
            id: s.id,
            email: s.email,
            resource: s.resource,
            changeType: s.changeTypes.join(","),
            notificationUrl: s.notificationUrl,
            clientState: s.clientState,
            expirationDateTime: new Date(s.expirationMs).toISOString(),
            deleted: s.deleted,
            live: !s.deleted && s.expirationMs > now,
          })),
        deliveries: store.outbox.deliveries.filter((d) => mine(d.email)),
        requests,
        faults: [...store.faults.values()],
      };
    },
    reset: () => store.reset(),
  };
}

export type CalendarControl = ReturnType<typeof createControl>;

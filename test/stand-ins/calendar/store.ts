import { randomBytes } from "node:crypto";
import type { CalendarEvent } from "./calendar-event";
import { GrantStore } from "./grants";
import type { CalendarProvider, Provider } from "./identity";
import { Outbox } from "./outbox";

// Everything the stand-in remembers: grants, each account's events (per provider), sync cursors, page
// snapshots, Google channels, Graph subscriptions, ZAKs, queued faults and consent denials, and a log
// of requests. Tests in the same process may read it directly (CalendarStandIn.store).

export interface EventBook {
  provider: CalendarProvider;
  email: string;
  /** Insertion order is the order of a listing without orderBy. */
  events: Map<string, CalendarEvent>;
  /** Bumped by every change; an event remembers the value it changed at (its version). */
  version: number;
  /** Bumped by invalidate-sync: cursors minted under an older epoch answer 410. */
  epoch: number;
  /** The calendar's own zone: all-day dates are placed in it, Google writes times in it by default. */
  timeZone: string;
  updatedMs: number;
}

/** What a Google sync token or a Graph delta token stands for. */
export interface SyncCursor {
  provider: CalendarProvider;
  email: string;
  version: number;
  epoch: number;
  /** Graph delta: the window fixed by the first call, and the zone the first call asked for. */
  window: { from: number; to: number; timeZone: string } | null;
}

export type JsonObject = Record<string, unknown>;

/** The rest of a listing already computed when its first page was answered (page tokens point into it). */
export interface PageSnapshot {
  provider: CalendarProvider;
  email: string;
  items: JsonObject[];
  /** Minted with the listing; given out on its last page. */
  finalToken: string;
}

export interface Channel {
  id: string;
  resourceId: string;
  resourceUri: string;
  email: string;
  address: string;
  token: string | null;
  expirationMs: number;
  messageNumber: number;
  stopped: boolean;
  createdMs: number;
}

export interface Subscription {
  id: string;
  email: string;
  resource: string;
  changeTypes: string[];
  notificationUrl: string;
  lifecycleNotificationUrl: string | null;
  clientState: string | null;
  expirationMs: number;
  applicationId: string;
  creatorId: string;
  deleted: boolean;
}

export interface Fault {
  provider: Provider;
  status: 429 | 500 | 503;
  remaining: number;
  retryAfterSeconds: number | null;
}

export interface RequestRecord {
  method: string;
  route: string;
  status: number;
  email: string | null;
}

export interface ZakRecord {
  email: string;
  grantId: string;
  type: "zak" | "onbehalf" | "token";
  expiresMs: number;
}

export interface EventChange {
  eventId: string;
  changeType: "created" | "updated" | "deleted";
}

export type ChangeListener = (provider: CalendarProvider, email: string, changes: EventChange[]) => void;

// Old page snapshots are dropped past this many items in all (about 100 MB), so a long benchmark that
// lists 5,000 events again and again cannot grow memory without bound; a dropped page token answers 400/410.
const maxSnapshotItems = 100_000;

export class CalendarStore {
  readonly grants = new GrantStore();
  readonly outbox = new Outbox();
  readonly books = new Map<string, EventBook>();
  /** `${provider}:${eventId}` → the e-mail whose calendar has it, for control calls that name only an id. */
  readonly eventOwners = new Map<string, string>();
  readonly cursors = new Map<string, SyncCursor>();
  readonly snapshots = new Map<string, PageSnapshot>();
  readonly channels = new Map<string, Channel>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly zaks = new Map<string, ZakRecord>();
  readonly faults = new Map<Provider, Fault>();
  /** Lower-cased e-mails whose next consent is refused; "*" refuses the next one whoever it is. */
  readonly denyNext = new Map<Provider, Set<string>>();
  /** Who signs in at the next authorize without a login_hint (Zoom sends none). */
  readonly nextLogin = new Map<Provider, string>();
  readonly requests: RequestRecord[] = [];
  readonly #listeners: ChangeListener[] = [];
  #snapshotItems = 0;
  /** http://127.0.0.1:PORT, set once the server listens (absolute links are built on it). */
  baseUrl = "";

  book(provider: CalendarProvider, email: string): EventBook {
    const key = `${provider}:${email.toLowerCase()}`;
    let book = this.books.get(key);
    if (!book) {
      book = { provider, email, events: new Map(), version: 0, epoch: 0, timeZone: "UTC", updatedMs: Date.now() };
      this.books.set(key, book);
    }
    return book;
  }

  findBook(provider: CalendarProvider, email: string): EventBook | null {
    return this.books.get(`${provider}:${email.toLowerCase()}`) ?? null;
  }

  /** A version for the next change of this book. */
  bump(book: EventBook): number {
    book.version += 1;
    book.updatedMs = Date.now();
    return book.version;
  }

  mintCursor(cursor: SyncCursor): string {
    const prefix = cursor.provider === "google" ? "CP" : "";
    const token = `${prefix}${randomBytes(cursor.provider === "google" ? 24 : 48).toString("base64url")}`;
    this.cursors.set(token, cursor);
    return token;
  }

  /** The cursor, or "gone" when unknown or minted before the book's sync state was invalidated. */
  readCursor(provider: CalendarProvider, token: string): SyncCursor | "gone" {
    const cursor = this.cursors.get(token);
    if (!cursor || cursor.provider !== provider) return "gone";
    const book = this.findBook(provider, cursor.email);
    return book && book.epoch === cursor.epoch ? cursor : "gone";
  }

  saveSnapshot(snapshot: PageSnapshot): string {
    const id = randomBytes(12).toString("base64url");
    this.snapshots.set(id, snapshot);
    this.#snapshotItems += snapshot.items.length;
    for (const [oldId, old] of this.snapshots) {
      if (this.#snapshotItems <= maxSnapshotItems || oldId === id) break;
      this.snapshots.delete(oldId);
      this.#snapshotItems -= old.items.length;
    }
    return id;
  }

  onChange(listener: ChangeListener): void {
    this.#listeners.push(listener);
  }

  /** Tells push (channels, subscriptions) about changes; they only queue posts, nothing waits here. */
  changed(provider: CalendarProvider, email: string, changes: EventChange[]): void {
    if (changes.length === 0) return;
    for (const listener of this.#listeners) listener(provider, email, changes);
  }

  /** Counts one request against a queued fault of `provider`; the fault to answer with, if any. */
  takeFault(provider: Provider): Fault | null {
    const fault = this.faults.get(provider);
    if (!fault || fault.remaining <= 0) return null;
    fault.remaining -= 1;
    if (fault.remaining === 0) this.faults.delete(provider);
    return fault;
  }

  /** True once, when a denial was queued for this person (or for anyone). */
  takeDenial(provider: Provider, email: string): boolean {
    const denied = this.denyNext.get(provider);
    if (!denied) return false;
    for (const key of [email.toLowerCase(), "*"]) if (denied.delete(key)) return true;
    return false;
  }

  reset(): void {
    this.grants.clear();
    this.outbox.clear();
    for (const map of [this.books, this.eventOwners, this.cursors, this.snapshots, this.channels, this.subscriptions, this.zaks])
      map.clear();
    this.faults.clear();
    this.denyNext.clear();
    this.nextLogin.clear();
    this.requests.length = 0;
    this.#snapshotItems = 0;
  }
}

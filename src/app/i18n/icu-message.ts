// The part of ICU MessageFormat the catalogs use: `{name}`, `{n, plural, [offset:k] =0 {…} one {…} other {…}}`
// with `#`, `{x, select, a {…} other {…}}`, nesting, and apostrophe quoting; tags are plain text (as with
// i18next-icu's `ignoreTag`). It replaces intl-messageformat in the browser (~11 KB gzip of parser on
// every dashboard page); `icu-message.test.ts` formats every catalog message with both and compares.
// Anything else (number/date/time arguments, selectordinal) is a parse error, as is a plural or select
// without `other`.

type Part =
  | string
  | { kind: "arg"; name: string }
  | { kind: "pound" }
  | { kind: "plural" | "select"; name: string; offset: number; options: Map<string, Part[]> };

const closesQuote = new Set(["{", "}", "<", ">"]);

class Parser {
  private at = 0;
  constructor(private readonly text: string) {}

  parse(): Part[] {
    return this.message(null);
  }

  private error(what: string): Error {
    return new Error(`ICU message: ${what} at ${this.at} in ${JSON.stringify(this.text)}`);
  }

  private message(parent: "plural" | "select" | null): Part[] {
    const parts: Part[] = [];
    let literal = "";
    while (this.at < this.text.length) {
      const ch = this.text[this.at] as string;
      if (ch === "}" && parent !== null) break;
      if (ch === "{") {
        if (literal) parts.push(literal);
        literal = "";
        parts.push(this.argument());
      } else if (ch === "#" && parent === "plural") {
        if (literal) parts.push(literal);
        literal = "";
        parts.push({ kind: "pound" });
        this.at++;
      } else if (ch === "'") {
        literal += this.quoted(parent);
      } else {
        literal += ch;
        this.at++;
      }
    }
    if (literal) parts.push(literal);
    return parts;
  }

  /** ICU 4.8 apostrophes: `''` is one; `'` starts quoted text only before a character that needs it. */
  private quoted(parent: "plural" | "select" | null): string {
    const next = this.text[this.at + 1];
    if (next === "'") {
      this.at += 2;
      return "'";
    }
    if (next === undefined || !(closesQuote.has(next) || (next === "#" && parent === "plural"))) {
      this.at++;
      return "'";
    }
    let out = next;
    this.at += 2;
    while (this.at < this.text.length) {
      if (this.text[this.at] === "'") {
        if (this.text[this.at + 1] === "'") {
          out += "'";
          this.at += 2;
          continue;
        }
        this.at++;
        return out;
      }
      out += this.text[this.at];
      this.at++;
    }
    return out;
  }

  private skipSpace(): void {
    while (/\s/.test(this.text[this.at] ?? "")) this.at++;
  }

  private word(): string {
    this.skipSpace();
    const match = /^[^\s{}#,':=<>]+|^=-?\d+(?:\.\d+)?/.exec(this.text.slice(this.at));
    if (!match) throw this.error("expected a name");
    this.at += match[0].length;
    this.skipSpace();
    return match[0];
  }

  private expect(ch: string): void {
    if (this.text[this.at] !== ch) throw this.error(`expected ${ch}`);
    this.at++;
  }

  private argument(): Part {
    this.expect("{");
    const name = this.word();
    if (this.text[this.at] === "}") {
      this.at++;
      return { kind: "arg", name };
    }
    this.expect(",");
    const kind = this.word();
    if (kind !== "plural" && kind !== "select") throw this.error(`unsupported argument type ${kind}`);
    this.expect(",");
    this.skipSpace();
    let offset = 0;
    const offsetMatch = kind === "plural" ? /^offset:\s*(\d+)/.exec(this.text.slice(this.at)) : null;
    if (offsetMatch) {
      offset = Number(offsetMatch[1]);
      this.at += offsetMatch[0].length;
    }
    const options = new Map<string, Part[]>();
    for (;;) {
      this.skipSpace();
      if (this.text[this.at] === "}") break;
      const selector = this.word();
      if (options.has(selector)) throw this.error(`duplicate option ${selector}`);
      this.expect("{");
      options.set(selector, this.message(kind));
      this.expect("}");
    }
    this.at++;
    if (options.size === 0 || !options.has("other")) throw this.error("missing other option");
    return { kind, name, offset, options };
  }
}

const parsed = new Map<string, Part[]>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function cached<T>(map: Map<string, T>, key: string, make: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

function render(parts: Part[], locale: string, values: Record<string, unknown>, pound: number | undefined): string {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") {
      out += part;
      continue;
    }
    if (part.kind === "pound") {
      if (pound !== undefined) out += cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(pound);
      continue;
    }
    if (!(part.name in values)) throw new Error(`ICU message: no value for ${part.name}`);
    const value = values[part.name];
    if (part.kind === "arg") {
      // As intl-messageformat: numbers (0 and NaN too) and strings as they are, other falsy values empty.
      out += value || typeof value === "number" || typeof value === "bigint" ? String(value) : "";
    } else if (part.kind === "select") {
      const chosen = part.options.get(String(value)) ?? part.options.get("other");
      out += render(chosen ?? [], locale, values, undefined);
    } else {
      const n = Number(value) - part.offset;
      const rule = cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(n);
      const chosen = part.options.get(`=${String(value)}`) ?? part.options.get(rule) ?? part.options.get("other");
      out += render(chosen ?? [], locale, values, n);
    }
  }
  return out;
}

/** Formats an ICU message; throws on a parse error or a missing value (the caller shows the message as is). */
export function formatIcuMessage(message: string, locale: string, values: Record<string, unknown>): string {
  const parts = cached(parsed, message, () => new Parser(message).parse());
  return render(parts, locale, values, undefined);
}

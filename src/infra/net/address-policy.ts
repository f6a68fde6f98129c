import { isIP } from "node:net";

// Link ingestion must never reach our own network (guide: "link ingestion never fetches private or
// loopback addresses"; issue 4: "loopback, private, link-local or metadata addresses").

/** IPv4 ranges that are not the public internet (RFC 6890 special-purpose registry, plus CGNAT). */
const blockedV4: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

function v4ToNumber(ip: string): number {
  return ip.split(".").reduce((total, part) => total * 256 + Number(part), 0);
}

function isPublicV4(ip: string): boolean {
  const value = v4ToNumber(ip);
  return !blockedV4.some(([base, bits]) => {
    const size = 2 ** (32 - bits);
    const start = v4ToNumber(base);
    return value >= start && value < start + size;
  });
}

/** The eight 16-bit groups of an IPv6 address (expands `::` and a trailing dotted IPv4). */
function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase().split("%")[0] ?? "";
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = v4ToNumber(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...tailGroups].map((group) =>
    Number.parseInt(group, 16),
  );
}

function embeddedV4(groups: number[], from: number): string {
  const high = groups[from] ?? 0;
  const low = groups[from + 1] ?? 0;
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/**
 * The IPv4 address an IPv6 address carries to an IPv4 host, or null: IPv4-mapped ::ffff:a.b.c.d,
 * IPv4-compatible ::a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d (RFC 2765), NAT64 64:ff9b::/96
 * (RFC 6052) and 6to4 2002:aabb:ccdd::/48 (RFC 3056). Packets to these reach that IPv4 host.
 */
function embeddedV4OfV6(g: number[]): string | null {
  const zerosUpTo = (end: number) => g.slice(0, end).every((group) => group === 0);
  if (zerosUpTo(5) && (g[5] === 0xffff || g[5] === 0)) return embeddedV4(g, 6);
  if (zerosUpTo(4) && g[4] === 0xffff && g[5] === 0) return embeddedV4(g, 6);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((group) => group === 0)) return embeddedV4(g, 6);
  if (g[0] === 0x2002) return embeddedV4(g, 1);
  return null;
}

function isPublicV6(ip: string): boolean {
  const g = v6Groups(ip);
  const first = g[0] ?? 0;
  if (g.every((group) => group === 0)) return false; // ::
  if (g.slice(0, 7).every((group) => group === 0) && g[7] === 1) return false; // ::1 loopback
  const v4 = embeddedV4OfV6(g);
  if (v4) return isPublicV4(v4);
  if (first === 0x64 && g[1] === 0xff9b) return false; // NAT64 outside /96 and local-use 64:ff9b:1::/48 (RFC 8215)
  // IETF protocol assignments 2001::/23 (RFC 2928), among them Teredo 2001::/32, which carries an
  // obfuscated IPv4 (RFC 4380), and benchmarking 2001:2::/48.
  if (first === 0x2001 && (g[1] ?? 0) < 0x200) return false;
  if (first === 0x3fff && (g[1] ?? 0) < 0x1000) return false; // documentation 3fff::/20 (RFC 9637)
  if (first === 0x5f00) return false; // SRv6 segment identifiers 5f00::/16 (RFC 9602)
  if ((first & 0xfe00) === 0xfc00) return false; // unique local fc00::/7 (AWS metadata fd00:ec2::254)
  if ((first & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((first & 0xffc0) === 0xfec0) return false; // site-local (deprecated) fec0::/10
  if ((first & 0xff00) === 0xff00) return false; // multicast
  if (first === 0x2001 && g[1] === 0x0db8) return false; // documentation
  if (first === 0x0100 && g.slice(1, 4).every((group) => group === 0)) return false; // discard-only 100::/64
  return true;
}

/** True only for a literal IP address on the public internet. */
export function isPublicAddress(ip: string): boolean {
  const version = isIP(ip);
  if (version === 4) return isPublicV4(ip);
  if (version === 6) return isPublicV6(ip);
  return false;
}

/**
 * Cloud metadata endpoints (AWS/GCP/Azure 169.254.169.254, AWS IPv6 fd00:ec2::254, Alibaba
 * 100.100.100.200) however spelled, including inside IPv6 (::ffff:169.254.169.254). The whole
 * link-local 169.254.0.0/16 counts: some clouds serve metadata on other addresses in it
 * (e.g. AWS ECS task metadata 169.254.170.2). No test exemption may open these.
 */
export function isMetadataAddress(ip: string): boolean {
  const version = isIP(ip);
  if (version === 0) return false;
  const v4 = version === 4 ? ip : embeddedV4OfV6(v6Groups(ip));
  if (v4) return v4.startsWith("169.254.") || v4 === "100.100.100.200";
  return v6Groups(ip).join(":") === [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254].join(":");
}

/**
 * Hostnames that are IPv4 numbers in disguise (`2130706433`, `0x7f.1`, `0177.0.0.1`): resolvers and
 * browsers read them as addresses, so they are judged as the address they mean.
 */
export function numericHostToV4(host: string): string | null {
  const parts = host.split(".");
  if (parts.length < 1 || parts.length > 4 || !parts.every((part) => /^(0x[0-9a-f]+|0[0-7]*|[1-9]\d*)$/i.test(part))) return null;
  const values = parts.map((part) =>
    /^0x/i.test(part) ? Number.parseInt(part, 16) : part.length > 1 && part.startsWith("0") ? Number.parseInt(part, 8) : Number(part),
  );
  const last = values.pop() ?? 0;
  const limits = [2 ** 32, 2 ** 24, 2 ** 16, 2 ** 8];
  if (values.some((value) => value > 255) || last >= (limits[values.length] ?? 0)) return null;
  const total = values.reduce((sum, value, index) => sum + value * 2 ** (8 * (3 - index)), 0) + last;
  return [total >>> 24, (total >>> 16) & 255, (total >>> 8) & 255, total & 255].join(".");
}

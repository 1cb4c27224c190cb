import { isIP } from "node:net";

// Which callback destinations the service refuses to call (SSRF protection).
//
// Every address is handled as a 128-bit number: IPv4 a.b.c.d becomes the IPv4-mapped IPv6
// address ::ffff:a.b.c.d, so one range table covers both families and "::ffff:10.0.0.1" is
// refused exactly like "10.0.0.1" without a special case.

interface Range {
  base: bigint;
  prefix: number; // 0..128
  label: string;
}

const V4_MAPPED = 0xffffn << 32n;
const V4_MAPPED_PREFIX = 96;

function range(cidr: string, label: string): Range {
  const parsed = parseCidr(cidr);
  if (!parsed) throw new Error(`invalid built-in range ${cidr}`);
  return { ...parsed, label };
}

const REFUSED_V4: Range[] = [
  range("0.0.0.0/8", "this-network"), // includes the unspecified 0.0.0.0
  range("10.0.0.0/8", "private"),
  range("100.64.0.0/10", "cgnat"), // also holds 100.100.100.200 (Alibaba metadata)
  range("127.0.0.0/8", "loopback"),
  range("169.254.169.254/32", "metadata"), // listed before link-local so the label is precise
  range("169.254.0.0/16", "link-local"),
  range("172.16.0.0/12", "private"),
  range("192.0.0.0/24", "reserved"), // IETF protocol assignments (192.0.0.192 = Oracle metadata)
  range("192.0.2.0/24", "documentation"),
  range("192.88.99.0/24", "reserved"), // deprecated 6to4 relay anycast
  range("192.168.0.0/16", "private"),
  range("198.18.0.0/15", "reserved"), // benchmarking
  range("198.51.100.0/24", "documentation"),
  range("203.0.113.0/24", "documentation"),
  range("224.0.0.0/4", "multicast"),
  range("255.255.255.255/32", "broadcast"),
  range("240.0.0.0/4", "reserved"),
];

// IPv6 outside 2000::/3 (global unicast) is never a legitimate receiver, so it is refused as a
// whole (unspecified, loopback, ULA fc00::/7 incl. fd00:ec2::254, link-local, multicast, ...).
// The table names the well-known ones for the label; the catch-all handles the rest.
const REFUSED_V6: Range[] = [
  range("::/128", "unspecified"),
  range("::1/128", "loopback"),
  range("fd00:ec2::254/128", "metadata"),
  range("fc00::/7", "private"),
  range("fe80::/10", "link-local"),
  range("ff00::/8", "multicast"),
  range("64:ff9b:1::/48", "reserved"), // local-use NAT64
  range("2001:db8::/32", "documentation"),
  range("2001::/23", "reserved"), // IETF protocol assignments, incl. Teredo
  range("3fff::/20", "documentation"),
];
const GLOBAL_UNICAST_V6 = range("2000::/3", "global");
// Prefixes that embed an IPv4 address, which is then judged on its own.
const NAT64 = range("64:ff9b::/96", "nat64");
const SIX_TO_FOUR = range("2002::/16", "6to4");

/** Parsed allow-list: exempts destinations for local development and tests. */
export interface AllowList {
  readonly hostnames: ReadonlySet<string>;
  readonly ranges: readonly { base: bigint; prefix: number }[];
}

export const EMPTY_ALLOW_LIST: AllowList = { hostnames: new Set(), ranges: [] };

/**
 * Builds an allow-list from config entries (array or comma-separated string): hostnames
 * (exact, case-insensitive), IP addresses, or CIDRs. Throws on an entry that is neither, so a
 * typo in config fails at start-up instead of silently allowing nothing.
 */
export function parseAllowList(entries: readonly string[] | string | undefined): AllowList {
  const list = typeof entries === "string" ? entries.split(",") : (entries ?? []);
  const hostnames = new Set<string>();
  const ranges: { base: bigint; prefix: number }[] = [];
  for (const raw of list) {
    const entry = raw.trim();
    if (entry === "") continue;
    const cidr = parseCidr(entry.includes("/") ? entry : `${entry}/${isIP(entry) === 4 ? 32 : 128}`);
    if (cidr) ranges.push(cidr);
    else if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(entry)) {
      hostnames.add(normalizeHostname(entry));
    } else throw new Error(`invalid callback allow-list entry: ${entry}`);
  }
  return { hostnames, ranges };
}

export function isAllowListedHost(allowList: AllowList, hostname: string): boolean {
  return allowList.hostnames.has(normalizeHostname(hostname));
}

/** Lower-cases, strips IPv6 brackets and a trailing root dot. */
export function normalizeHostname(hostname: string): string {
  const h = hostname.toLowerCase();
  if (h.startsWith("[") && h.endsWith("]")) return h.slice(1, -1);
  return h.endsWith(".") ? h.slice(0, -1) : h;
}

/** True when the address must not be called. Anything that is not a valid IP is refused. */
export function isRefusedAddress(ip: string, allowList: AllowList = EMPTY_ALLOW_LIST): boolean {
  const value = parseIp(ip);
  if (value === null) return true;
  if (allowList.ranges.some((r) => contains(r, value))) return false;
  return refusedLabel(value) !== null;
}

/** The reason an address is refused ("private", "metadata", ...), or null; for logs and tests. */
export function refusedAddressLabel(ip: string): string | null {
  const value = parseIp(ip);
  return value === null ? "invalid" : refusedLabel(value);
}

function refusedLabel(value: bigint): string | null {
  if (contains({ base: V4_MAPPED, prefix: V4_MAPPED_PREFIX }, value)) {
    return REFUSED_V4.find((r) => contains(r, value))?.label ?? null;
  }
  if (contains(NAT64, value)) return refusedLabel(V4_MAPPED | (value & 0xffffffffn));
  if (contains(SIX_TO_FOUR, value)) return refusedLabel(V4_MAPPED | ((value >> 80n) & 0xffffffffn));
  const known = REFUSED_V6.find((r) => contains(r, value));
  if (known) return known.label;
  return contains(GLOBAL_UNICAST_V6, value) ? null : "reserved";
}

function contains(r: { base: bigint; prefix: number }, value: bigint): boolean {
  const shift = BigInt(128 - r.prefix);
  return value >> shift === r.base >> shift;
}

function parseCidr(text: string): { base: bigint; prefix: number } | null {
  const slash = text.indexOf("/");
  if (slash < 0) return null;
  const ip = text.slice(0, slash);
  const bits = text.slice(slash + 1);
  const family = isIP(ip);
  const value = parseIp(ip);
  if (value === null || !/^\d{1,3}$/.test(bits)) return null;
  const prefix = Number(bits) + (family === 4 ? V4_MAPPED_PREFIX : 0);
  if (prefix > 128 || (family === 4 && Number(bits) > 32)) return null;
  return { base: value, prefix };
}

/** Parses IPv4 or IPv6 (zone id ignored) into 128 bits; IPv4 lands in ::ffff:0:0/96. */
export function parseIp(text: string): bigint | null {
  let ip = text.split("%")[0]!;
  const family = isIP(ip);
  if (family === 4) return V4_MAPPED | parseV4(ip);
  if (family !== 6) return null;
  // A trailing dotted quad ("::ffff:10.0.0.1") is the last two 16-bit groups written in IPv4 form.
  const tail = ip.slice(ip.lastIndexOf(":") + 1);
  if (tail.includes(".")) {
    const v4 = parseV4(tail);
    ip = ip.slice(0, ip.length - tail.length) + `${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [left, right] = ip.includes("::") ? ip.split("::") : [ip, undefined];
  const leftGroups = left ? left.split(":") : [];
  const rightGroups = right ? right.split(":") : [];
  const fill = right === undefined ? 0 : 8 - leftGroups.length - rightGroups.length;
  const groups = [...leftGroups, ...Array<string>(fill).fill("0"), ...rightGroups];
  if (groups.length !== 8) return null;
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g, 16)), 0n);
}

function parseV4(ip: string): bigint {
  return ip.split(".").reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

import ipaddr from 'ipaddr.js';

/**
 * Special-use DNS names (RFC 6761, RFC 8375 `home.arpa`, RFC 9476 `alt`, ICANN's `internal`) and
 * names private networks use by convention: neither they nor any name under them is a public host.
 * `arpa` covers `in-addr.arpa`, `ip6.arpa` and `ipv4only.arpa` (which resolves to 192.0.0.170).
 */
const SPECIAL_NAMES = [
  'localhost',
  'local',
  'internal',
  'home.arpa',
  'arpa',
  'invalid',
  'test',
  'onion',
  'alt',
  'localdomain',
  'lan',
  'home',
  'corp',
];

/**
 * Public wildcard-DNS services whose every name resolves to a loopback address without the
 * address appearing in the name (names that embed an address are caught by `embeddedAddress`).
 */
const LOOPBACK_DNS = ['localtest.me', 'lvh.me', 'vcap.me', 'lacolhost.com'];

/** IANA's global unicast IPv6 space; everything outside it is special-use. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** Why an outbound URL is refused, in a sentence, or null when it may be used. */
export type UrlProblem = string | null;

/** Options of `outboundUrlProblem`. */
export interface OutboundUrlOptions {
  /**
   * Development and tests: also admit http(s) to the literal loopback addresses 127.0.0.0/8 and
   * ::1 and the name `localhost` (nothing that merely starts with `127.`).
   */
  allowLoopback: boolean;
}

/**
 * Checks a URL a user gave us (webhook, later Web Push endpoint) before we send anything to it:
 * https only; no credentials; the host is a public DNS name or a global unicast IP address -
 * never a special-use address (private, carrier-grade NAT, loopback, link-local, unspecified,
 * broadcast, multicast, reserved, documentation, benchmarking, IPv4-mapped/-compatible IPv6,
 * NAT64, 6to4, Teredo, ULA ...) nor a special-use name (`localhost`, `*.local`, `*.internal`,
 * `*.home.arpa`, ...; a trailing dot changes nothing) nor a single-label name.
 *
 * The WHATWG URL parser has already turned numeric IPv4 forms (`0x7f000001`, `2130706433`,
 * `0177.0.0.1`, `127.1`) into dotted decimal and IPv6 into its canonical form; the address is
 * then classified by ipaddr.js. What DNS will answer for a name is not visible here (README,
 * "Security"). Returns the parsed URL, or the problem as a sentence.
 */
export function outboundUrlProblem(raw: string, opts: OutboundUrlOptions): { url: URL; problem: null } | { url: null; problem: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { url: null, problem: 'is not a valid URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { url: null, problem: 'must use https' };
  if (url.username || url.password) return { url: null, problem: 'must not carry credentials' };
  const bracketed = url.hostname.startsWith('[');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (opts.allowLoopback && isLiteralLoopback(host, bracketed)) return { url, problem: null };
  if (url.protocol !== 'https:') return { url: null, problem: 'must use https' };
  const problem = bracketed ? ipv6Problem(host) : ipv4Literal(host) ? ipv4Problem(host) : nameProblem(host);
  return problem ? { url: null, problem } : { url, problem: null };
}

/** True for the literal loopback addresses (127.0.0.0/8, ::1) and `localhost` / `localhost.`. */
function isLiteralLoopback(host: string, bracketed: boolean): boolean {
  if (host === 'localhost' || host === 'localhost.') return true;
  if (bracketed) return ipaddr.IPv6.isValid(host) && ipaddr.IPv6.parse(host).range() === 'loopback';
  return ipv4Literal(host) && ipaddr.IPv4.parse(host).range() === 'loopback';
}

function ipv4Literal(host: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(host);
}

function ipv4Problem(host: string): UrlProblem {
  const range = ipaddr.IPv4.parse(host).range();
  return range === 'unicast' ? null : `must point to a public address (${host} is ${range})`;
}

function ipv6Problem(host: string): UrlProblem {
  if (!ipaddr.IPv6.isValid(host)) return 'is not a valid URL';
  const addr = ipaddr.IPv6.parse(host);
  const range = addr.range();
  if (range !== 'unicast') return `must point to a public address ([${host}] is ${range})`;
  // ipaddr.js calls the IPv4-compatible block ::/96 and other unassigned space "unicast".
  if (!addr.match(GLOBAL_UNICAST_V6)) return `must point to a public address ([${host}] is not global unicast)`;
  return null;
}

function nameProblem(host: string): UrlProblem {
  const name = host.replace(/\.+$/, '');
  if (!name.includes('.')) return `must point to a public host name (${host} has a single label)`;
  const under = (zone: string) => name === zone || name.endsWith(`.${zone}`);
  const special = SPECIAL_NAMES.find(under) ?? LOOPBACK_DNS.find(under);
  if (special) return `must point to a public host name (${host} is under ${special})`;
  const embedded = embeddedAddress(name);
  if (embedded) return `must point to a public host name (${host} names the address ${embedded})`;
  return null;
}

/**
 * A special-use IPv4 address written inside a host name, as wildcard-DNS services resolve them
 * (`127.0.0.1.nip.io`, `10-0-0-1.sslip.io`, `app.192.168.1.2.example`), or null.
 */
function embeddedAddress(name: string): string | null {
  const labels = name.split('.');
  const candidates: string[] = [];
  for (let i = 0; i + 4 <= labels.length; i++) candidates.push(labels.slice(i, i + 4).join('.'));
  for (const l of labels) {
    const dashed = l.match(/(?:^|-)(\d{1,3}-\d{1,3}-\d{1,3}-\d{1,3})$/);
    if (dashed) candidates.push(dashed[1].replaceAll('-', '.'));
  }
  return candidates.find((c) => ipv4Literal(c) && ipaddr.IPv4.parse(c).range() !== 'unicast') ?? null;
}

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
 * The host is judged twice. First as written (`writtenHost`), before the WHATWG URL parser
 * normalises it: a host must be a DNS name, a dotted-decimal IPv4 address without leading zeros
 * or a bracketed IPv6 address, so numeric forms (`0x7f000001`, `2130706433`, `0177.0.0.1`,
 * `127.1`) and percent-encoding (`%31%32%37.0.0.1`) are refused whatever they decode to. Then
 * as parsed, classified by ipaddr.js, with names that spell out an address (dotted, dashed,
 * hex, dashed IPv6: `embeddedAddress`) refused too. What DNS will answer for a name is not
 * visible here (README, "Security"). Returns the parsed URL, or the problem as a sentence.
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
  const written = writtenHost(raw);
  const writtenProblem = written === null ? 'is not a valid URL' : hostFormProblem(written);
  if (writtenProblem) return { url: null, problem: writtenProblem };
  const bracketed = url.hostname.startsWith('[');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  // Loopback only as the README writes it: the literal text, not whatever the parser made of it.
  if (opts.allowLoopback && isLiteralLoopback(written!, bracketed) && isLiteralLoopback(host, bracketed)) return { url, problem: null };
  if (url.protocol !== 'https:') return { url: null, problem: 'must use https' };
  const problem = bracketed ? ipv6Problem(host) : ipv4Literal(host) ? ipv4Problem(host) : nameProblem(host);
  return problem ? { url: null, problem } : { url, problem: null };
}

/**
 * The host of `raw` as written (lower case, brackets of an IPv6 address removed), before any
 * normalisation: what follows `scheme://` up to the first `/`, `\\`, `?` or `#`, without
 * user info and port. Null when there is none.
 */
export function writtenHost(raw: string): string | null {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/\\?#]*)/i.exec(raw.trim());
  if (!m) return null;
  const authority = m[1].slice(m[1].lastIndexOf('@') + 1);
  const host = authority.startsWith('[') ? authority.slice(1, authority.indexOf(']')) : authority.replace(/:\d*$/, '');
  return host ? host.toLowerCase() : null;
}

/** Why a host as written is not a plain DNS name, dotted-decimal IPv4 address or IPv6 literal, or null. */
function hostFormProblem(host: string): UrlProblem {
  if (host.includes('%')) return `must write its host without percent-encoding (${host})`;
  if (ipaddr.IPv6.isValid(host)) return null;
  const labels = host.replace(/\.$/, '').split('.');
  const numeric = labels.every((l) => /^(0x[0-9a-f]*|[0-9]+)$/.test(l));
  if (numeric && !strictDottedQuad(host.replace(/\.$/, '')))
    return `must write an IPv4 address as four decimal numbers (${host} is another form)`;
  return null;
}

/** `a.b.c.d`, each 0-255 in decimal without leading zeros. */
function strictDottedQuad(host: string): boolean {
  return /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(host);
}

/** True for the literal loopback addresses (127.0.0.0/8 in dotted decimal, ::1) and `localhost` / `localhost.`. */
function isLiteralLoopback(host: string, bracketed: boolean): boolean {
  if (host === 'localhost' || host === 'localhost.') return true;
  if (bracketed) return ipaddr.IPv6.isValid(host) && ipaddr.IPv6.parse(host).range() === 'loopback';
  return strictDottedQuad(host) && ipaddr.IPv4.parse(host).range() === 'loopback';
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
 * A special-use address written inside a host name, as wildcard-DNS services resolve them, or
 * null: dotted (`127.0.0.1.nip.io`, `app.192.168.1.2.example`), dashed (`10-0-0-1.sslip.io`,
 * `app-10-0-0-1.nip.io`, `10-0-0-1-app.nip.io`), hex (`7f000001.nip.io`, `app-0a000001.nip.io`)
 * and dashed IPv6 (`--1.sslip.io`, `fe80--1.sslip.io`). Any address in the name that is not
 * global unicast counts.
 */
function embeddedAddress(name: string): string | null {
  const labels = name.split('.');
  const v4: string[] = [];
  for (let i = 0; i + 4 <= labels.length; i++) v4.push(labels.slice(i, i + 4).join('.'));
  const v6: string[] = [];
  for (const l of labels) {
    const parts = l.split('-');
    // Every run of four dash-separated numbers, and every 8-hex-digit piece, read as IPv4.
    for (let i = 0; i + 4 <= parts.length; i++) v4.push(parts.slice(i, i + 4).join('.'));
    for (const p of parts)
      if (/^[0-9a-f]{8}$/.test(p))
        v4.push(
          p
            .match(/../g)!
            .map((h) => Number.parseInt(h, 16))
            .join('.'),
        );
    // sslip.io writes IPv6 with dashes for colons (`--` for `::`), after an optional prefix: the
    // longest tail of the label that reads as an address is the one it resolves.
    if (l.includes('--') || parts.length >= 8)
      for (let i = 0; i < parts.length; i++) {
        const tail = parts.slice(i).join(':');
        const candidate = ipaddr.IPv6.isValid(tail)
          ? tail
          : i > 0 && parts[i - 1] === '' && ipaddr.IPv6.isValid(`:${tail}`)
            ? `:${tail}`
            : null;
        if (candidate) {
          v6.push(candidate);
          break;
        }
      }
  }
  const badV4 = v4.find((c) => ipv4Literal(c) && ipaddr.IPv4.parse(c).range() !== 'unicast');
  if (badV4) return badV4;
  return v6.find((c) => ipv6Problem(c) !== null) ?? null;
}

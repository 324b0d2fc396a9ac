/** The local part before `+` of every reply address (`play+<token>@<domain>`). */
export const REPLY_LOCAL = 'play';

/** The Reply-To address for a reply token. */
export function replyAddress(token: string, domain: string): string {
  return `${REPLY_LOCAL}+${token}@${domain}`;
}

/** The token of a reply address (`play+<token>@<domain>`, any case), or null for any other address or domain. */
export function tokenOfAddress(address: string, domain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  if (plus < 0 || local.slice(0, plus).toLowerCase() !== REPLY_LOCAL) return null;
  return local.slice(plus + 1) || null;
}

/** The address without its display name or angle brackets (`"Ada" <ada@x.org>` -> `ada@x.org`), trimmed. */
export function bareAddress(raw: string): string {
  const angle = /<([^<>]*)>\s*$/.exec(raw);
  return (angle ? angle[1] : raw).trim();
}

/**
 * Whether two addresses reach the same mailbox: case-insensitive, and a `+tag` in the local part
 * ignored on either side (plus-addressing: `ada+games@x.org` is `ada@x.org`).
 */
export function sameMailbox(a: string, b: string): boolean {
  const norm = (s: string) => {
    const addr = bareAddress(s).toLowerCase();
    const at = addr.lastIndexOf('@');
    if (at <= 0) return null;
    const local = addr.slice(0, at).split('+')[0];
    return local ? `${local}@${addr.slice(at + 1)}` : null;
  };
  const x = norm(a);
  return x !== null && x === norm(b);
}

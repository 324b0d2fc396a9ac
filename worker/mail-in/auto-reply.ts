import { bareAddress } from './address';

/**
 * Why a message must get no answer from us, or null when a person wrote it. Answering only
 * people makes mail loops impossible: an out-of-office reply, a bounce or a list message is
 * never answered (RFC 3834 section 2; RFC 5230's rules for vacation responders).
 * - a null envelope sender (`<>`: bounces and delivery reports, RFC 5321 4.5.5);
 * - a sender `mailer-daemon@` / `postmaster@` / `noreply@`-style system address;
 * - `Auto-Submitted` other than `no` (RFC 3834);
 * - `Precedence: bulk | list | junk`, or any `List-Id` / `List-Unsubscribe` (list traffic);
 * - a `multipart/report` delivery status notification.
 * `headers`: the message's header fields, names in any case. Exchange's `X-Auto-Response-Suppress`
 * is left alone: it asks others not to auto-answer, it does not mark the message automatic, and
 * the answer a move gets is the reply the player asked for.
 */
export function autoReplyReason(envelopeFrom: string, headers: { key: string; value: string }[]): string | null {
  const from = bareAddress(envelopeFrom).toLowerCase();
  if (from === '' || from === '<>') return 'null sender (a bounce or delivery report)';
  const local = from.split('@')[0];
  if (/^(mailer-daemon|postmaster|no-?reply|do-?not-?reply|bounces?)$/.test(local)) return `system sender ${local}@`;
  const get = (name: string) => headers.filter((h) => h.key.toLowerCase() === name).map((h) => h.value.trim().toLowerCase());
  const auto = get('auto-submitted').find((v) => !v.startsWith('no'));
  if (auto) return `Auto-Submitted: ${auto}`;
  const precedence = get('precedence').find((v) => /^(bulk|list|junk)\b/.test(v));
  if (precedence) return `Precedence: ${precedence}`;
  if (get('list-id').length || get('list-unsubscribe').length) return 'mailing list message';
  if (get('content-type').some((v) => v.startsWith('multipart/report'))) return 'delivery status report';
  return null;
}

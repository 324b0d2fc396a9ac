import { createMimeMessage } from 'mimetext/browser';
import { base64Lines } from '../delivery/mime';
import { randomHex } from '../lib/crypto';

/** A reply as a person's mail client would write it. */
export interface ReplyDraft {
  /** The player's address (envelope and header From). */
  from: string;
  /** The Reply-To address of the email answered. */
  to: string;
  subject: string;
  /** What the player typed above the quote. */
  text: string;
  /** The answered email, quoted below the text with "> " like a mail client does. */
  quote?: { text: string; messageId?: string };
}

/**
 * The raw RFC 5322 message of a reply (mimetext), for the dev mailbox's Reply box: the same bytes
 * the Worker's `email()` handler would get from Email Routing, with a fresh Message-ID, the
 * answered email's In-Reply-To/References, and the answered text quoted under "On ... wrote:".
 */
export function replyRaw(d: ReplyDraft): string {
  const msg = createMimeMessage();
  msg.setSender(d.from);
  msg.setRecipient(d.to);
  msg.setSubject(/^re:/i.test(d.subject) ? d.subject : `Re: ${d.subject}`);
  msg.setHeader('Message-ID', `<dev-${randomHex(12)}@dev.localhost>`);
  if (d.quote?.messageId) {
    msg.setHeader('In-Reply-To', d.quote.messageId);
    msg.setHeader('References', d.quote.messageId);
  }
  const quoted = d.quote
    ? ['', `On ${new Date().toUTCString()}, Mountain Post wrote:`, ...d.quote.text.split('\n').map((l) => `> ${l}`)]
    : [];
  const body = [d.text, ...quoted].join('\r\n');
  msg.addMessage({ contentType: 'text/plain', encoding: 'base64', data: base64Lines(body) });
  return msg.asRaw();
}

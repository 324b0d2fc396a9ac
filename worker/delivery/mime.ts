import { createMimeMessage, Mailbox } from 'mimetext/browser';
import type { RenderedEmail } from '../notices/message';

/** Base64 of a string's UTF-8 bytes, wrapped at 76 characters (RFC 2045 6.8). */
export function base64Lines(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return (btoa(bin).match(/.{1,76}/g) ?? []).join('\r\n');
}

/** Headers mimetext sets as mailboxes (it checks their type); the rest are set as text. */
const MAILBOX_HEADERS = new Set(['reply-to', 'sender']);

/**
 * The email as an RFC 5322 message (mimetext: headers, multipart/alternative with text and HTML,
 * each part base64 so any UTF-8 survives), for the dev mailbox and for anything that sends raw
 * MIME. `from` is `EMAIL_FROM`; `messageId`, if given, is used instead of a generated one.
 */
export function toMime(from: string, email: RenderedEmail, messageId?: string): string {
  const msg = createMimeMessage();
  msg.setSender(from);
  msg.setRecipient(email.to);
  msg.setSubject(email.subject);
  if (messageId) msg.setHeader('Message-ID', messageId);
  for (const [name, value] of Object.entries(email.headers)) {
    msg.setHeader(name, MAILBOX_HEADERS.has(name.toLowerCase()) ? new Mailbox(value) : value);
  }
  msg.addMessage({ contentType: 'text/plain', encoding: 'base64', data: base64Lines(email.text) });
  msg.addMessage({ contentType: 'text/html', encoding: 'base64', data: base64Lines(email.html) });
  return msg.asRaw();
}

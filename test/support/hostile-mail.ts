/**
 * Inbound messages built to cost the receiver as much as they can: for the mail-in tests and the
 * inbound mail bench. Each is raw RFC 5322 text with CRLF line ends.
 */

/** Header lines of a reply from `from` to `to`. */
function headers(from: string, to: string, contentType: string): string[] {
  return [
    `From: Player <${from}>`,
    `To: ${to}`,
    'Subject: Re: Your turn',
    `Message-ID: <hostile-${Math.random().toString(36).slice(2)}@mail.example.test>`,
    'MIME-Version: 1.0',
    `Content-Type: ${contentType}`,
  ];
}

/** A multipart message of `parts` empty parts (no headers, no body): the shape that made the MIME parser crawl. */
export function emptyPartsMail(from: string, to: string, parts: number): string {
  const lines = [...headers(from, to, 'multipart/mixed; boundary="p"'), ''];
  for (let i = 0; i < parts; i++) lines.push('--p', '');
  lines.push('--p--', '');
  return lines.join('\r\n');
}

/** Multipart entities nested `depth` deep around one text part that says `text`. */
export function nestedMail(from: string, to: string, depth: number, text = 'go'): string {
  let body = `Content-Type: text/plain\r\n\r\n${text}\r\n`;
  for (let d = depth - 1; d >= 1; d--) body = `Content-Type: multipart/mixed; boundary="n${d}"\r\n\r\n--n${d}\r\n${body}--n${d}--\r\n`;
  return `${headers(from, to, 'multipart/mixed; boundary="n0"').join('\r\n')}\r\n\r\n--n0\r\n${body}--n0--\r\n`;
}

/** A text/plain reply of `lines` empty lines: cheap bytes, dear lines for the MIME parser. */
export function manyLinesMail(from: string, to: string, lines: number): string {
  return [...headers(from, to, 'text/plain'), '', '\r\n'.repeat(lines)].join('\r\n');
}

/**
 * The dearest message within the limits that could be found: `parts` HTML-only parts (the parser
 * decodes each, the reply reader converts HTML) of `tag` again and again (nested `<i>` by default) in quoted-printable lines
 * with soft breaks, about `bytes` in `lines` lines in all, and no command, so it is read to the
 * end and answered.
 */
export function heaviestMail(from: string, to: string, parts: number, bytes: number, lines: number, tag = '<i>'): string {
  const perPart = Math.max(1, Math.floor((lines - 10) / parts) - 4);
  const perLine = Math.max(1, Math.floor((((bytes - 1024) / parts - 200) / perPart - 3) / tag.length));
  const html = Array.from({ length: perPart }, () => `${tag.repeat(perLine)}=`).join('\r\n');
  const out = [...headers(from, to, 'multipart/alternative; boundary="h"'), ''];
  for (let i = 0; i < parts; i++)
    out.push('--h', 'Content-Type: text/html; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable', '', html);
  out.push('--h--', '');
  return out.join('\r\n');
}

/**
 * The dearest HTML for the visible-text reader (worker/mail-in/visible-html.ts): `<style>` rules
 * that can hide (more than it keeps), each matched against every element, and as many small
 * elements as the part read holds (`<i>x</i>` again and again), in one HTML-only part; no command.
 */
export function styledMail(from: string, to: string, rules = 400, elements = 2100): string {
  const css = Array.from({ length: rules }, (_, i) => `div.r${i} > i:not(.k${i}) ~ b, .c${i} i { display: none; color: #fefefe }`).join(
    '\n',
  );
  const body = '<i>x</i>'.repeat(elements);
  const html = `<html><head><style>${css}</style></head><body><div>${body}</div></body></html>`;
  return [...headers(from, to, 'text/html; charset=utf-8'), '', html, ''].join('\r\n');
}

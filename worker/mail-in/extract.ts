import { convert } from 'html-to-text';
import { visibleHtml } from './visible-html';

/** At most this many command lines are read from one reply. */
export const MAX_COMMAND_LINES = 20;

/** "On <date> <someone> wrote:" in the languages mail clients write it in (the verb ends the line). */
const WROTE = /(wrote|schrieb|a écrit|escribió|ha scritto|schreef|escreveu|skrev|napisał|kirjoitti|написал\(а\)|написал|yazdı)\s*:\s*$/i;
/** German puts the verb before the name: "Am <date> schrieb <someone>:". */
const WROTE_INSIDE = /\b(wrote|schrieb|a écrit|escribió|ha scritto|schreef|escreveu|skrev|napisał|kirjoitti|написал|yazdı)\b.*:\s*$/i;
const WROTE_START = /^(on|am|le|el|il|op|em|den|på|w dniu|dne|в)\b/i;
/** Outlook's quoted header block: "From: ..." then "Sent: ..." / "Date: ..." within a few lines. */
const HEADER_FROM = /^\**(from|von|de|da|van|från|od)\s*:\**/i;
const HEADER_SENT = /^\**(sent|date|gesendet|datum|envoyé|enviado|data|verzonden|skickat|wysłano)\s*:\**/i;
const SEPARATORS = [
  /^-{2,}\s*(original message|forwarded message|mensaje original|message d'origine|ursprüngliche nachricht|messaggio originale|oorspronkelijk bericht)/i,
  /^_{10,}$/,
  /^(sent from my|sent from mail for|get outlook for|envoyé de mon|von meinem .* gesendet|enviado desde mi|inviato da)/i,
];

/** HTML parts that hold quoted mail, as clients mark them (Gmail, Apple Mail, Outlook, Thunderbird). */
const QUOTED_HTML = ['blockquote', '.gmail_quote', '.gmail_attr', '#divRplyFwdMsg', '.moz-cite-prefix', '.yahoo_quoted'];
/** At most this much of a body is read for commands (they stand at its top). */
export const MAX_BODY_CHARS = 64 * 1024;
/**
 * At most this much of an HTML body is converted, after its head, styles, scripts and comments
 * (Outlook's conditional comments, style blocks of many KiB) are taken out: the converter costs
 * about 3 µs a byte.
 */
const MAX_HTML_CHARS = 16 * 1024;
/** Lines longer than this are cut before the quote patterns look at them (no command is that long). */
const MAX_LINE_CHARS = 1000;

/** Elements nested deeper than this are not converted (html-to-text recurses): such HTML is read with its tags removed. */
const MAX_HTML_DEPTH = 200;
/** Elements that have no end tag, so they nest nothing. */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** How deep the elements of `html` nest, counted from its start and end tags (one pass; stops past `MAX_HTML_DEPTH`). */
function htmlDepth(html: string): number {
  let depth = 0;
  let most = 0;
  for (const m of html.matchAll(/<(\/?)([a-z][a-z0-9-]*)[^>]*?(\/?)>/gi)) {
    if (VOID_ELEMENTS.has(m[2].toLowerCase()) || m[3]) continue;
    depth = m[1] ? Math.max(0, depth - 1) : depth + 1;
    if (depth > most && (most = depth) > MAX_HTML_DEPTH) break;
  }
  return most;
}

/**
 * Plain text of an HTML-only body as its reader sees it: the first `MAX_HTML_CHARS` of what is
 * left without head, styles, scripts and comments, with every element or text no reader sees
 * taken out (`visibleHtml`: hidden by element, attribute, inline style or the document's
 * `<style>` rules, off screen, zero size, transparent or the colour of its background), quoted
 * parts left out (html-to-text). HTML nested deeper than `MAX_HTML_DEPTH` is read with its tags
 * removed instead (the converter recurses), after the same judgement of what is seen.
 */
export function htmlBodyText(html: string): string {
  // The whole body (at most the message's size limit): the regular expressions are linear.
  const uncommented = html.replace(/<!--[\s\S]*?(-->|$)/g, '');
  const css = [...uncommented.matchAll(/<style\b[^>]*>([\s\S]*?)(<\/style\s*>|$)/gi)].map((m) => m[1]).join('\n');
  const visible = uncommented.replace(/<(head|style|script|template)\b[\s\S]*?(<\/\1\s*>|$)/gi, '');
  const source = visible.slice(0, MAX_HTML_CHARS);
  if (htmlDepth(source) > MAX_HTML_DEPTH) return visibleHtml(source, css, true);
  try {
    return convert(visibleHtml(source, css), {
      wordwrap: false,
      selectors: [
        { selector: 'a', options: { ignoreHref: true } },
        { selector: 'img', format: 'skip' },
        ...QUOTED_HTML.map((selector) => ({ selector, format: 'skip' })),
      ],
    });
  } catch {
    return '';
  }
}

/** Whether line `i` starts the quoted or signature part of a reply. */
function startsQuote(lines: string[], i: number): boolean {
  const t = lines[i].trim();
  if (t.startsWith('>') || t.startsWith('|')) return true;
  if (lines[i] === '-- ' || t === '--' || t === '—') return true;
  if (SEPARATORS.some((re) => re.test(t))) return true;
  // Gmail wraps a long "On ... wrote:" over two or three lines.
  if (
    WROTE_START.test(t) &&
    [0, 1, 2].some((k) =>
      WROTE_INSIDE.test(
        lines
          .slice(i, i + k + 1)
          .map((l) => l.trim())
          .join(' '),
      ),
    )
  )
    return true;
  if (WROTE.test(t) && t.length < 200) return true;
  if (HEADER_FROM.test(t) && lines.slice(i + 1, i + 5).some((l) => HEADER_SENT.test(l.trim()))) return true;
  return false;
}

/**
 * The command lines of a reply: the first paragraph of what the sender wrote above any quoted
 * text, "On ... wrote:" line, Outlook header block or signature. Leading blank lines are skipped;
 * the first blank line after a command ends the commands. Each line is trimmed (no-break spaces
 * too). `text` is the text/plain body; without one, `html` is converted. At most `MAX_COMMAND_LINES`.
 */
export function replyCommands(body: { text?: string | null; html?: string | null }): string[] {
  const source = body.text?.trim() ? body.text.slice(0, MAX_BODY_CHARS) : body.html ? htmlBodyText(body.html) : '';
  const lines = source
    .replace(/\r\n?/g, '\n')
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((l) => l.slice(0, MAX_LINE_CHARS));
  const out: string[] = [];
  for (let i = 0; i < lines.length && out.length < MAX_COMMAND_LINES; i++) {
    const t = lines[i].trim();
    if (t === '') {
      if (out.length > 0) break;
      continue;
    }
    if (startsQuote(lines, i)) break;
    out.push(t);
  }
  return out;
}

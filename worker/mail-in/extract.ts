import { convert } from 'html-to-text';

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

/** Plain text of an HTML-only body, quoted parts left out (html-to-text). */
export function htmlBodyText(html: string): string {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      ...QUOTED_HTML.map((selector) => ({ selector, format: 'skip' })),
    ],
  });
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
  const source = body.text?.trim() ? body.text : body.html ? htmlBodyText(body.html) : '';
  const lines = source
    .replace(/\r\n?/g, '\n')
    .replace(/\u00a0/g, ' ')
    .split('\n');
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

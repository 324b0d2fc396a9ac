/**
 * Making user text (display names, chat lines, anything a player typed) inert in each outbound
 * format, one function per format. Every message renderer passes its text through these; our own
 * URLs and markup are added after escaping.
 */

/** C0/C1 control characters and the Unicode line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this removes
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * One line of plain text: line breaks and other control characters become one space, so text
 * cannot start a line of its own (a forged "Open the game:" line) or a header (CR LF injection).
 * For email subjects and every line of a plain-text email.
 */
export function oneLine(text: string): string {
  return text.replace(CONTROL, ' ');
}

/**
 * Slack mrkdwn: `&`, `<` and `>` as entities (Slack's documented escaping), so `<!channel>`,
 * `<@U123>` and `<https://evil.example|Open the game>` show as text instead of pinging or linking.
 */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * ASCII punctuation Discord's markdown gives a meaning to: emphasis, code, spoilers, quotes,
 * headers and lists (text reaches them only at a line start, see `oneLine`), masked links, mentions.
 */
const DISCORD_SYNTAX = /[\\*_~`|<>#\-[\]()]/g;

/**
 * Discord markdown: every syntax character backslash-escaped (Discord shows `\*` as `*`), so
 * `**bold**`, `[click](https://evil.example)` and `<@123>` show as typed; and a zero-width space
 * after every `@`, so `@everyone`, `@here` and `<@&role>` cannot ping even if a client ignored
 * `allowed_mentions` (which we also keep strict).
 */
export function escapeDiscord(text: string): string {
  return text.replace(DISCORD_SYNTAX, (c) => `\\${c}`).replace(/@/g, '@\u200b');
}

/**
 * What an inbound message may be before its body is parsed. A reply with a move is a few KiB: a
 * text part, perhaps an HTML one, a signature image. The MIME parser's work grows with the
 * number of lines, of parts and their nesting, so all three are counted first by one linear pass
 * over the raw bytes (`mimeShape`) and a message beyond them is refused in SMTP, never parsed.
 */

/**
 * Largest inbound message we read (Email Routing allows 25 MiB; a move needs a few KiB, a reply
 * quoting our email with a signature image a few dozen).
 */
export const MAX_INBOUND_BYTES = 128 * 1024;
/** Most MIME parts (delimiter lines of declared boundaries) in one message. */
export const MAX_MIME_PARTS = 32;
/** Deepest nesting of multipart entities (a reply with inline images and attachments is 3). */
export const MAX_MIME_DEPTH = 8;
/**
 * Most lines in one message: the MIME parser spends about 8 µs on each line (a reply quoting a
 * long thread has a few hundred; 100,000 empty lines cost it a second).
 */
export const MAX_LINES = 2000;
/**
 * Most lines that begin with `--` (a safety net for boundaries declared in a form the scan does
 * not read, such as RFC 2231 continuations): signatures and dividers have a few.
 */
export const MAX_DASH_LINES = 4 * MAX_MIME_PARTS;

/** The parts and nesting a message's raw text declares. */
export interface MimeShape {
  parts: number;
  depth: number;
  dashLines: number;
  lines: number;
}

/** The `boundary` parameter of a Content-Type header value, or null. */
function boundaryOf(contentType: string): string | null {
  if (!/^\s*multipart\//i.test(contentType)) return null;
  const m = /;\s*boundary\s*=\s*(?:"([^"]{1,200})"|([^\s;"]{1,200}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]) : null;
}

/**
 * Counts the parts and the nesting depth of `raw` in one pass over its lines: a stack of the
 * boundaries declared so far (each entity's Content-Type, unfolded, read in its header block), a
 * delimiter line `--<boundary>` of a boundary on the stack starts a part at that level and
 * `--<boundary>--` closes it. Stops counting once a limit is passed.
 */
export function mimeShape(raw: string): MimeShape {
  const shape: MimeShape = { parts: 0, depth: 0, dashLines: 0, lines: 0 };
  const stack: string[] = [];
  let inHeaders = true;
  let header = '';
  const endHeader = () => {
    if (/^content-type\s*:/i.test(header)) {
      const b = boundaryOf(header.slice(header.indexOf(':') + 1));
      if (b && stack.length <= MAX_MIME_DEPTH) {
        stack.push(b);
        shape.depth = Math.max(shape.depth, stack.length);
      }
    }
    header = '';
  };
  let start = 0;
  while (start <= raw.length) {
    let end = raw.indexOf('\n', start);
    if (end < 0) end = raw.length;
    const line = raw.slice(start, end).replace(/\r$/, '');
    start = end + 1;
    if (++shape.lines > MAX_LINES) break;
    if (inHeaders) {
      if (line === '') {
        endHeader();
        inHeaders = false;
      } else if (/^[ \t]/.test(line)) header += ` ${line.trim()}`;
      else {
        endHeader();
        header = line;
      }
      continue;
    }
    if (!line.startsWith('--')) continue;
    shape.dashLines++;
    if (shape.dashLines > MAX_DASH_LINES || shape.parts > MAX_MIME_PARTS) break;
    const text = line.trimEnd();
    for (let level = stack.length - 1; level >= 0; level--) {
      const b = stack[level];
      if (text === `--${b}--`) {
        stack.length = level;
        break;
      }
      if (text === `--${b}`) {
        stack.length = level + 1;
        shape.parts++;
        inHeaders = true;
        break;
      }
    }
  }
  return shape;
}

/** Why `raw` (`bytes` long) is beyond the limits, as the sentence the sending server shows, or null. */
export function mimeProblem(raw: string, bytes: number): string | null {
  if (bytes > MAX_INBOUND_BYTES) return `Messages to this address are limited to ${MAX_INBOUND_BYTES} bytes.`;
  const shape = mimeShape(raw);
  if (shape.lines > MAX_LINES) return `Messages to this address may have at most ${MAX_LINES} lines.`;
  if (shape.depth > MAX_MIME_DEPTH) return `Messages to this address may nest MIME parts at most ${MAX_MIME_DEPTH} levels deep.`;
  if (shape.parts > MAX_MIME_PARTS) return `Messages to this address may have at most ${MAX_MIME_PARTS} MIME parts.`;
  if (shape.dashLines > MAX_DASH_LINES) return `Messages to this address may have at most ${MAX_DASH_LINES} lines that begin with "--".`;
  return null;
}

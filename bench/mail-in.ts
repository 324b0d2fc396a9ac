/**
 * `npx tsx bench/mail-in.ts`: the CPU one inbound message costs the Worker's mail pipeline (the
 * size and MIME-shape check, postal-mime, the reply reader) for the dearest messages we could
 * build within the limits (worker/mail-in/limits.ts) and for a refused hostile one. Node's
 * process CPU time per message, median of 9 after 3 warm-up runs. Not part of `npm test`; the
 * Worker-layer test test/worker/mail-hardening.test.ts prints the same messages' times in
 * workerd and /api/health's latency while 10 of them arrive.
 */
import PostalMime from 'postal-mime';
import { replyCommands } from '../worker/mail-in/extract';
import { MAX_INBOUND_BYTES, MAX_LINES, MAX_MIME_DEPTH, MAX_MIME_PARTS, mimeProblem } from '../worker/mail-in/limits';
import { emptyPartsMail, heaviestMail, manyLinesMail, nestedMail, styledMail } from '../test/support/hostile-mail';

const from = 'ada@example.org';
const to = 'play+g_x-0-1-00000000000000000000@mp.example';
const messages: [string, string][] = [
  [
    `${MAX_MIME_PARTS - 1} HTML parts of nested tags, ~${Math.round((MAX_INBOUND_BYTES - 4096) / 1024)} KiB`,
    heaviestMail(from, to, MAX_MIME_PARTS - 1, MAX_INBOUND_BYTES - 4096, MAX_LINES),
  ],
  [
    `${MAX_MIME_PARTS - 1} HTML parts of flat paragraphs, same size`,
    heaviestMail(from, to, MAX_MIME_PARTS - 1, MAX_INBOUND_BYTES - 4096, MAX_LINES, '<p>x</p>'),
  ],
  ['1 HTML part of flat paragraphs, same size', heaviestMail(from, to, 1, MAX_INBOUND_BYTES - 4096, MAX_LINES, '<p>x</p>')],
  ['1 HTML part of nested tags, same size', heaviestMail(from, to, 1, MAX_INBOUND_BYTES - 4096, MAX_LINES)],
  ['1 HTML part: 400 hiding <style> rules (64 selectors kept) against 2,100 elements', styledMail(from, to)],
  [`multipart nested ${MAX_MIME_DEPTH} deep`, nestedMail(from, to, MAX_MIME_DEPTH)],
  [`${MAX_LINES} empty lines of text`, manyLinesMail(from, to, MAX_LINES - 10)],
  ['16,000 empty parts (refused before parsing)', emptyPartsMail(from, to, 16_000)],
  ['100,000 empty lines (refused before parsing)', manyLinesMail(from, to, 100_000)],
];

async function cpuMs(raw: string): Promise<number> {
  const c0 = process.cpuUsage();
  if (!mimeProblem(raw, raw.length)) replyCommands(await PostalMime.parse(raw));
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

for (const [label, raw] of messages) {
  for (let i = 0; i < 3; i++) await cpuMs(raw);
  const runs: number[] = [];
  for (let i = 0; i < 9; i++) runs.push(await cpuMs(raw));
  runs.sort((a, b) => a - b);
  console.log(`${label}: ${raw.length} bytes, CPU per message median ${runs[4].toFixed(1)} ms, worst ${runs[8].toFixed(1)} ms`);
}

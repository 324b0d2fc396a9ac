import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../engine/core';
import { composeGameNotice } from '../../worker/delivery/compose';
import type { NoticeGame } from '../../worker/delivery/delivery-context';
import { renderEmail, renderWebhookBody } from '../../worker/notices/message';
import { testRegistry } from '../fixtures/registry';

/**
 * A round's end is told in notices too: the summary lines (log entries of kind `phase`) lead the
 * turn email, come first in chat webhooks and are `phases` in JSON webhooks, never repeated among
 * the "Since you last looked" lines, whatever else happened after them.
 */
const ROUND_END =
  'Round 3 is over. Weather: Rain, Excavation Work Rate 3 -> 2, Lay Track Work Rate 2 -> 1. Round 4: {{p:1}} is the Start Player.';

function noticeGame(logs: LogEntry[][]): NoticeGame {
  return {
    row: { id: 'g_1', type: 'secret-dice', status: 'active', activeSeats: [0], clocks: null, snapshot: null, result: null } as never,
    seats: [
      { seat: 0, isBot: false, lastSeenSeq: 0, name: 'Ada', emailReplies: false },
      { seat: 1, isBot: false, lastSeenSeq: 0, name: 'Bo', emailReplies: false },
    ],
    logs,
  };
}

describe('round ends in notices', () => {
  it('the turn email leads with the round summary, names rendered, and lists the other lines below', async () => {
    const logs: LogEntry[][] = [
      [{ seat: 1, text: '{{p:1}} banked 1 point.' }],
      [{ seat: null, text: ROUND_END, kind: 'phase' }],
      ...Array.from({ length: 25 }, (_, i) => [{ seat: 1, text: `{{p:1}} step ${i + 1}.` }]),
    ];
    const m = (await composeGameNotice(
      testRegistry,
      'https://post.test',
      { kind: 'your_turn', seat: 0, version: 30 } as never,
      noticeGame(logs),
    ))!;
    expect(m.phases).toEqual([
      'Round 3 is over. Weather: Rain, Excavation Work Rate 3 -> 2, Lay Track Work Rate 2 -> 1. Round 4: Bo is the Start Player.',
    ]);
    expect(m.lines).toHaveLength(20);
    expect(m.lines.some((l) => l.startsWith('Round 3'))).toBe(false);
    const email = renderEmail('ada@post.test', m, 'https://post.test/unsubscribe?token=t', 'UTC');
    expect(email.text.indexOf('Round 3 is over.')).toBeGreaterThan(0);
    expect(email.text.indexOf('Round 3 is over.')).toBeLessThan(email.text.indexOf('Since you last looked:'));
    expect(email.html).toContain('Round 4: Bo is the Start Player.');
    const json = JSON.parse(renderWebhookBody({ format: 'json', mention: undefined }, m, 'mp-1', 0));
    expect(json.phases).toEqual(m.phases);
    const slack = JSON.parse(renderWebhookBody({ format: 'slack', mention: undefined }, m, 'mp-1', 0)).text as string;
    // Second, after the subject, escaped for Slack's markup as every line is.
    expect(slack.split('\n')[1]).toBe(m.phases![0].replaceAll('>', '&gt;'));
  });

  it('a notice without a round end has no summary', async () => {
    const m = (await composeGameNotice(
      testRegistry,
      'https://post.test',
      { kind: 'your_turn', seat: 0, version: 1 } as never,
      noticeGame([[{ seat: 1, text: '{{p:1}} banked 1 point.' }]]),
    ))!;
    expect(m.phases).toBeUndefined();
    expect(m.lines).toEqual(['Bo banked 1 point.']);
  });
});

import { describe, expect, test } from 'vitest';
import { renderEmail, type Message } from '../../worker/notices/message';

const UNSUB = 'https://post.example/unsubscribe?token=t';

/** Renders `m` to a reader in UTC. */
const render = (m: Message) => renderEmail('ana@example.test', m, UNSUB, 'UTC');

describe('an invitation email reads as an invitation, not as "Since you last looked"', () => {
  const invitation: Message = {
    kind: 'invitation',
    subject: 'Ben invites you to play Space Mountain: All Systems Go',
    lines: [
      'Ben invites you to a game of Space Mountain: All Systems Go for 2 players (1 seated so far).',
      'Open the link and sign in with this address: it takes you to your seat.',
    ],
    url: 'https://post.example/games/g_1?invite=abc',
  };

  test('the invitation has its sentences as the body, with no log heading', () => {
    const e = render(invitation);
    expect(e.text).not.toContain('Since you last looked');
    expect(e.html).not.toContain('Since you last looked');
    expect(e.text).toContain(
      '\n\nBen invites you to a game of Space Mountain: All Systems Go for 2 players (1 seated so far).\nOpen the link',
    );
    expect(e.html).toContain('<p>Open the link and sign in with this address: it takes you to your seat.</p>');
  });

  test('a test message and a digest have no "Since you last looked" either; a digest says what its list is', () => {
    const testMsg = render({
      kind: 'test',
      subject: 'Mountain Post test message',
      lines: ['Notifications reach you here.'],
      url: 'https://post.example/settings',
    });
    expect(testMsg.text).not.toContain('Since you last looked');
    expect(testMsg.text).toContain('\nNotifications reach you here.\n');
    const digest = render({
      kind: 'digest',
      subject: 'Mountain Post: 1 game waiting for your move',
      lines: ['Snowdonia (seat 2): https://post.example/games/g_2'],
      url: 'https://post.example',
    });
    expect(digest.text).toContain('Waiting for your move:\n- Snowdonia (seat 2): https://post.example/games/g_2');
    expect(digest.text).not.toContain('Since you last looked');
  });

  test('a turn email keeps its "Since you last looked" heading over the log lines', () => {
    const e = render({
      kind: 'your_turn',
      subject: 'Your turn in Snowdonia (seat 2)',
      lines: ['Ben places a Labourer.'],
      url: 'https://post.example/games/g_2',
    });
    expect(e.text).toContain('Since you last looked:\n- Ben places a Labourer.');
    expect(e.html).toContain('<p>Since you last looked:</p><ul><li>Ben places a Labourer.</li></ul>');
  });
});

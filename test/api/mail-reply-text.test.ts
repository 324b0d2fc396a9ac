/**
 * play by email reply: the pure parts. What a reply's command lines are (quotes, "On ...
 * wrote:" blocks, signatures and HTML-only bodies of real clients left out), how a line picks a
 * choice, which messages are automatic, and the signed reply token.
 */
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { sameMailbox, tokenOfAddress } from '../../worker/mail-in/address';
import { autoReplyReason } from '../../worker/mail-in/auto-reply';
import { choiceLines, numberChoices, resolveChoice } from '../../worker/mail-in/choices';
import { MAX_BODY_CHARS, replyCommands } from '../../worker/mail-in/extract';
import { signReplyToken, verifyReplyToken } from '../../worker/mail-in/token';

const crlf = (lines: string[]) => lines.join('\r\n');

describe('reply text extraction', () => {
  it('Gmail plain text: the move above a wrapped "On ... wrote:" and the quote', async () => {
    const raw = crlf([
      'From: Ada <ada@gmail.com>',
      'To: play+g_0123-0-7-abcd@mp.example',
      'Subject: Re: Your turn in Space Mountain (seat 1)',
      'Message-ID: <CAJ+x1@mail.gmail.com>',
      'Content-Type: text/plain; charset="UTF-8"',
      '',
      'refuel A',
      '',
      'On Tue, Dec 1, 2026 at 9:14 AM Mountain Post <',
      'play+g_0123-0-7-abcd@mp.example> wrote:',
      '',
      '> Your turn in Space Mountain (seat 1)',
      '> 1. All Systems Go!',
      '> 2. Refuel',
    ]);
    expect(replyCommands(await PostalMime.parse(raw))).toEqual(['refuel A']);
  });

  it('Gmail HTML-only: the gmail_quote block is left out', async () => {
    const raw = crlf([
      'From: Ada <ada@gmail.com>',
      'To: play+g_0123-0-7-abcd@mp.example',
      'Subject: Re: Your turn',
      'Message-ID: <CAJ+x2@mail.gmail.com>',
      'Content-Type: text/html; charset="UTF-8"',
      '',
      '<div dir="ltr">2</div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Tue, Dec 1, 2026 at 9:14 AM Mountain Post &lt;post@mp.example&gt; wrote:<br></div>',
      '<blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex">1. All Systems Go!<br>2. Refuel</blockquote></div>',
    ]);
    const mail = await PostalMime.parse(raw);
    expect(mail.text).toBeUndefined();
    expect(replyCommands(mail)).toEqual(['2']);
  });

  it('Apple Mail (iPhone): several steps, "Sent from my iPhone", then the quote', async () => {
    const raw = crlf([
      'From: Bo <bo+games@icloud.com>',
      'To: play+g_0123-1-9-abcd@mp.example',
      'Subject: Re: Your turn in Big Thunder Mountain Railroad (seat 2)',
      'Message-ID: <5A3F-1@icloud.com>',
      'Content-Type: text/plain; charset=us-ascii',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Play Rail Cart',
      'move 2',
      'End turn',
      '',
      'Sent from my iPhone',
      '',
      '> On 1 Dec 2026, at 09:14, Mountain Post <post@mp.example> wrote:',
      '>=20',
      '> =EF=BB=BFYour turn',
    ]);
    expect(replyCommands(await PostalMime.parse(raw))).toEqual(['Play Rail Cart', 'move 2', 'End turn']);
  });

  it('Apple Mail with the quote right under the move (no blank line) and a signature', () => {
    expect(replyCommands({ text: 'go\n-- \nBo\n' })).toEqual(['go']);
    expect(replyCommands({ text: 'go\nOn 1 Dec 2026, at 09:14, Mountain Post <post@mp.example> wrote:\n> 1. Go' })).toEqual(['go']);
  });

  it('Outlook: the "From: ... Sent:" header block and the underscore rule end the reply', async () => {
    const raw = crlf([
      'From: Cy <cy@outlook.com>',
      'To: play+g_0123-2-4-abcd@mp.example',
      'Subject: RE: Your turn',
      'Message-ID: <DB9PR01@outlook.com>',
      'Content-Type: text/plain; charset="us-ascii"',
      '',
      'B2',
      '________________________________',
      'From: Mountain Post <post@mp.example>',
      'Sent: Tuesday, December 1, 2026 9:14 AM',
      'To: cy@outlook.com',
      'Subject: Your turn',
      '',
      'A. Play',
    ]);
    expect(replyCommands(await PostalMime.parse(raw))).toEqual(['B2']);
    expect(replyCommands({ text: 'Turn left\r\nFrom: Mountain Post\r\nSent: Tuesday\r\n' })).toEqual(['Turn left']);
    expect(
      replyCommands({
        html: '<div>Go</div><div id="appendonsend"></div><hr><div id="divRplyFwdMsg"><b>From:</b> MP<br><b>Sent:</b> Tuesday</div>',
      }),
    ).toEqual(['Go']);
  });

  it('French and German clients', () => {
    expect(replyCommands({ text: '1\n\nLe mar. 1 déc. 2026 à 09:14, Mountain Post <post@mp.example> a écrit :\n> x' })).toEqual(['1']);
    expect(replyCommands({ text: '1\nAm 01.12.2026 um 09:14 schrieb Mountain Post <post@mp.example>:\n> x' })).toEqual(['1']);
  });

  it('leading blank lines are skipped; no text means no commands', () => {
    expect(replyCommands({ text: '\n\n  go  \n' })).toEqual(['go']);
    expect(replyCommands({ text: '> only a quote' })).toEqual([]);
    expect(replyCommands({})).toEqual([]);
  });
});

describe('no silent no-ops, by email too', () => {
  it('a choice that would do nothing now, or has a warning, says so on its line; its words still pick it', () => {
    const groups = numberChoices([
      { label: 'Play Pan for Gold', move: { type: 'play', card: 3 }, effect: 'none', warning: "You're in Town." },
      { label: 'Play Move 2', move: { type: 'play', card: 4 }, warning: 'Its Pick for Gold cannot act here.' },
      { label: 'End turn', move: { type: 'endTurn' } },
    ]);
    expect(choiceLines(groups)).toEqual([
      "1. Play Pan for Gold (would do nothing now: You're in Town)",
      '2. Play Move 2 (Its Pick for Gold cannot act here)',
      '3. End turn',
    ]);
    const r = resolveChoice('play pan', groups);
    expect('choice' in r && r.choice.number).toBe(1);
  });
});

describe('choices: numbers, codes and words', () => {
  const sm = numberChoices([
    { label: 'All Systems Go!', move: { type: 'go' } },
    { label: 'Refuel', move: { type: 'refuel', flip: [] } },
    { label: 'Refuel and flip Mission A', move: { type: 'refuel', flip: ['A'] } },
    { label: 'Refuel and flip Missions A, B', move: { type: 'refuel', flip: ['A', 'B'] } },
  ]);
  const pick = (line: string) => {
    const r = resolveChoice(line, sm);
    return 'choice' in r ? r.choice.label : r.error;
  };

  it('a number, the words of a label (any case, unique prefix), the fewest extra words first', () => {
    expect(choiceLines(sm)).toEqual([
      '1. All Systems Go!',
      '2. Refuel',
      '3. Refuel and flip Mission A',
      '4. Refuel and flip Missions A, B',
    ]);
    expect(pick('2')).toBe('Refuel');
    expect(pick('go')).toBe('All Systems Go!');
    expect(pick('GO!')).toBe('All Systems Go!');
    expect(pick('refuel')).toBe('Refuel');
    expect(pick('refuel A')).toBe('Refuel and flip Mission A');
    expect(pick('refuel a b')).toBe('Refuel and flip Missions A, B');
    expect(pick('all sys')).toBe('All Systems Go!');
  });

  it('refuses what matches nothing, a number out of range, and ties', () => {
    expect(pick('9')).toBe('There is no choice 9; the choices go from 1 to 4.');
    expect(pick('launch')).toBe('"launch" matches none of the choices.');
    const tie = numberChoices([
      { label: 'Turn left', move: { type: 'turn', dir: 'left' } },
      { label: 'Turn right', move: { type: 'turn', dir: 'right' } },
    ]);
    const r = resolveChoice('turn', tie);
    expect('error' in r && r.error).toBe('"turn" fits several choices (1. Turn left; 2. Turn right); reply with the number.');
  });

  it('a long list is grouped by move kind, with codes that also pick', () => {
    const moves = [
      ...[0, 1, 2, 3].map((c) => ({ label: `Play Card ${c}`, move: { type: 'play', card: c } })),
      ...[1, 2, 3, 4, 5].map((n) => ({ label: `Move ${n} spaces to mine shaft ${n}`, move: { type: 'move', action: 0, spaces: n } })),
      ...[0, 1, 2, 3].map((c) => ({ label: `Discard Card ${c} to move 1 space`, move: { type: 'discardToMove', card: c } })),
      { label: 'End turn and draw', move: { type: 'endTurn' } },
    ];
    const groups = numberChoices(moves);
    expect(groups.map((g) => [g.index, g.heading])).toEqual([
      [1, 'Play Card'],
      [2, 'Move'],
      [3, 'Discard Card'],
      [4, 'End turn and draw'],
    ]);
    expect(choiceLines(groups).slice(0, 3)).toEqual(['[1] Play Card', '  1 (1a) Play Card 0', '  2 (1b) Play Card 1']);
    const code = resolveChoice('2C', groups);
    expect('choice' in code && code.choice.move).toEqual({ type: 'move', action: 0, spaces: 3 });
    const words = resolveChoice('end turn', groups);
    expect('choice' in words && words.choice.number).toBe(14);
  });

  it('moves all of one kind are grouped by area (label without its "(...)"), and the rulebook\'s own space names still pick', () => {
    const areas = [
      'Stock Yard (A1)',
      'Stock Yard (A2)',
      'Stock Yard (A3)',
      'Excavation (B1)',
      'Excavation (B2)',
      'Works (C1)',
      'Lay Track (D1)',
      'Lay Track (D2)',
      'Build (E1)',
      'Build (E2)',
      'Site Office (F1)',
      'Site Office (F2)',
      'Move the Surveyor (G1)',
    ];
    const groups = numberChoices(areas.map((a, i) => ({ label: `Place a Labourer on ${a}`, move: { type: 'place', space: i } })));
    expect(groups.map((g) => g.heading)).toEqual([
      'Place a Labourer on Stock Yard',
      'Place a Labourer on Excavation',
      'Place a Labourer on Works (C1)',
      'Place a Labourer on Lay Track',
      'Place a Labourer on Build',
      'Place a Labourer on Site Office',
      'Place a Labourer on Move the Surveyor (G1)',
    ]);
    const byName = resolveChoice('b2', groups);
    expect('choice' in byName && byName.choice.label).toBe('Place a Labourer on Excavation (B2)');
    const byCode = resolveChoice('2b', groups);
    expect('choice' in byCode && byCode.choice.label).toBe('Place a Labourer on Excavation (B2)');
    expect(numberChoices(areas.slice(0, 5).map((a) => ({ label: a, move: { type: 'place' } })))[0].index).toBeNull();
  });
});

describe('who may play and which mail is automatic', () => {
  it('reply addresses and plus-addressing', () => {
    expect(tokenOfAddress('PLAY+g_ab-0-3-ff@MP.example', 'mp.example')).toBe('g_ab-0-3-ff');
    expect(tokenOfAddress('play+g_ab-0-3-ff@other.example', 'mp.example')).toBeNull();
    expect(tokenOfAddress('post@mp.example', 'mp.example')).toBeNull();
    expect(sameMailbox('Ada <ADA+games@Example.org>', 'ada@example.org')).toBe(true);
    expect(sameMailbox('ada@example.org', 'eve@example.org')).toBe(false);
    expect(sameMailbox('ada@example.org', 'ada@example.org.evil')).toBe(false);
  });

  it('auto-replies, bounces and list mail are recognised; a person is not', () => {
    const h = (key: string, value: string) => [{ key, value }];
    expect(autoReplyReason('ada@x.org', [])).toBeNull();
    expect(autoReplyReason('ada@x.org', h('auto-submitted', 'no'))).toBeNull();
    expect(autoReplyReason('ada@x.org', h('auto-submitted', 'auto-replied'))).toBe('Auto-Submitted: auto-replied');
    expect(autoReplyReason('<>', [])).toBe('null sender (a bounce or delivery report)');
    expect(autoReplyReason('MAILER-DAEMON@x.org', [])).toBe('system sender mailer-daemon@');
    expect(autoReplyReason('ada@x.org', h('precedence', 'bulk'))).toBe('Precedence: bulk');
    expect(autoReplyReason('ada@x.org', h('list-id', '<games.x.org>'))).toBe('mailing list message');
  });

  it('the vendor markers of automatic replies and out-of-office subjects are recognised; a person replying is not', () => {
    const h = (key: string, value: string) => [{ key, value }];
    expect(autoReplyReason('ada@x.org', h('X-Autoreply', 'yes'))).toBe('x-autoreply: yes');
    expect(autoReplyReason('ada@x.org', h('X-Autorespond', 'Out of office'))).toBe('x-autorespond: out of office');
    expect(autoReplyReason('ada@x.org', h('X-Autogenerated', 'Reply'))).toBe('x-autogenerated: reply');
    expect(autoReplyReason('ada@x.org', h('X-Auto-Response-Suppress', 'All'))).toBe('X-Auto-Response-Suppress: all');
    expect(autoReplyReason('ada@x.org', h('X-Auto-Response-Suppress', 'DR, OOF, AutoReply'))).toBe(
      'X-Auto-Response-Suppress: dr, oof, autoreply',
    );
    // Suppressing read receipts only says nothing about who wrote the message.
    expect(autoReplyReason('ada@x.org', h('X-Auto-Response-Suppress', 'RN, NRN'))).toBeNull();
    expect(autoReplyReason('ada@x.org', h('Precedence', 'auto_reply'))).toBe('Precedence: auto_reply');
    expect(autoReplyReason('ada@x.org', h('X-POST-MessageClass', '9; Autoresponder'))).toBe('X-POST-MessageClass: autoresponder');
    expect(autoReplyReason('ada@x.org', [], 'Automatic reply: Re: Your turn in Snowdonia')).toBe(
      'automatic reply subject ("Automatic reply")',
    );
    expect(autoReplyReason('ada@x.org', [], 'Out of Office: Your turn')).toBe('automatic reply subject ("Out of Office")');
    expect(autoReplyReason('ada@x.org', [], 'Abwesenheitsnotiz: Re: Your turn')).toMatch(/^automatic reply subject/);
    expect(autoReplyReason('ada@x.org', [], 'Réponse automatique : Your turn')).toMatch(/^automatic reply subject/);
    expect(autoReplyReason('ada@x.org', [], 'Re: Your turn in Snowdonia (out of office tomorrow)')).toBeNull();
    expect(autoReplyReason('ada@x.org', h('X-Autoreply', 'no'), 'Re: Your turn')).toBeNull();
  });

  it('HTML a reader never sees is not read for moves: the head, hidden elements and hiding styles', () => {
    const html = [
      '<html><head><title>end turn</title><style>p { color: red }</style></head><body>',
      '<div style="DISPLAY : none">end turn</div><span hidden>end turn</span><p style="visibility:hidden">end turn</p>',
      '<div style=\'font-size: 0\'>end turn</div><!--[if mso]><div style="mso-hide: all">end turn</div><![endif]-->',
      '<p>refuel</p><blockquote>go</blockquote></body></html>',
    ].join('');
    expect(replyCommands({ html })).toEqual(['refuel']);
    // Outlook's style blocks and conditional comments do not push the reply out of the part that is read.
    const outlook = `<html><head><style>${'p.x { margin: 0 }\n'.repeat(2000)}</style></head><body><!--[if gte mso 9]>${'x'.repeat(30_000)}<![endif]--><p>go</p></body></html>`;
    expect(replyCommands({ html: outlook })).toEqual(['go']);
  });

  it('HTML reads only what a reader sees: hidden by a <style> rule, same-colour, off screen, tiny, noscript, svg, form controls', () => {
    const hidden = [
      '<div class="h">end turn</div>',
      '<p id="gone">end turn</p>',
      '<div class="wrap"><span>end turn</span></div>',
      '<p style="color:#fff">end turn</p>',
      '<p style="color: white; background: #FFFFFF">end turn</p>',
      '<table bgcolor="#123456"><tr><td><font color="#123456">end turn</font></td></tr></table>',
      '<div style="background-color: rgb(0,0,0)"><p style="color:#000000">end turn</p></div>',
      '<p class="ghost">end turn</p>',
      '<p style="color: rgba(0,0,0,0)">end turn</p>',
      '<p style="position:absolute; left:-9999px">end turn</p>',
      '<p style="text-indent:-5000px">end turn</p>',
      '<p style="font-size:1px">end turn</p>',
      '<p style="font-size:0.1em">end turn</p>',
      '<div style="max-height:0; overflow:hidden">end turn</div>',
      '<p style="position:absolute; clip: rect(0 0 0 0)">end turn</p>',
      '<p style="opacity: 0.01">end turn</p>',
      '<noscript>end turn</noscript>',
      '<svg><text x="0" y="10">end turn</text></svg>',
      '<form><input value="end turn"><textarea>end turn</textarea><select><option>end turn</option></select><button>end turn</button></form>',
    ];
    const style =
      '<style>.h{display:none} #gone { visibility : hidden !important } .wrap span{font-size:0} .ghost{color:#fefefe} @media screen { .later { display: none } }</style>';
    const html = `<html><head>${style}</head><body>${hidden.join('')}<p class="later">end turn</p><p>refuel</p></body></html>`;
    expect(replyCommands({ html })).toEqual(['refuel']);
    // Each alone, so none hides behind another.
    for (const h of hidden)
      expect(replyCommands({ html: `<html><head>${style}</head><body>${h}<p>go</p></body></html>` }), h).toEqual(['go']);
  });

  it('HTML a reader does see is read: light text on a dark background, coloured text, a style for something else', () => {
    const html = [
      '<html><head><style>.note { color: #555 } .h { display: none }</style></head>',
      '<body><div style="background:#000"><div style="color:#fff">go</div></div>',
      '<div class="note">end turn</div><div style="color:red">bank</div></body></html>',
    ].join('');
    expect(replyCommands({ html })).toEqual(['go', 'end turn', 'bank']);
  });

  it('only the top of a huge body is read, and a line is cut before the quote patterns test it', () => {
    expect(replyCommands({ text: `go\n${'x'.repeat(2 * MAX_BODY_CHARS)}` })).toEqual(['go', 'x'.repeat(1000)]);
    // HTML nested deeper than the converter can recurse is read with its tags removed.
    const deep = `${'<div>'.repeat(2000)}go${'</div>'.repeat(2000)}`;
    expect(replyCommands({ html: deep })).toEqual(['go']);
  });

  it('reply tokens verify, and a changed digit or another secret does not', async () => {
    const secret = 'unit-test-secret-0123456789';
    const token = await signReplyToken(secret, { gameId: 'g_0123456789abcdef0123', seat: 1, version: 42 });
    expect(token).toMatch(/^g_0123456789abcdef0123-1-42-[0-9a-f]{20}$/);
    expect(`play+${token}@mp.example`.split('@')[0].length).toBeLessThanOrEqual(64);
    expect(await verifyReplyToken(secret, token.toUpperCase())).toEqual({ gameId: 'g_0123456789abcdef0123', seat: 1, version: 42 });
    expect(await verifyReplyToken(secret, token.replace('-1-42-', '-0-42-'))).toBeNull();
    expect(await verifyReplyToken(secret, token.replace('-1-42-', '-1-43-'))).toBeNull();
    expect(await verifyReplyToken('another-secret-0123456789', token)).toBeNull();
    expect(await verifyReplyToken(secret, 'nonsense')).toBeNull();
  });
});

/**
 * Pure helpers of the Big Thunder board (no DOM; tested in test/client/big-thunder-board.test.ts):
 * the server's `legalMoves` grouped into the controls the board draws, and the geometry of the
 * track and the score loop. Every control carries one of the listed moves, never a move built
 * here: a click on a mine shaft or a marble only looks up which listed move it stands for.
 */
import { seatName } from '../../format';
import type { LegalMove, SeatInfo } from '../../types';
import type { BigThunderMove, BigThunderView, CardAction, Gold, MarbleKind, UpgradeType } from './types';

/** Spaces on the track: Town (0) and mine shafts 1..7 (rulebook, Mine Cart (Move)). */
export const TRACK_SPACES = 8;
/** The score track loops after 25; its start space is 0 (rulebook, End of the Game NOTE). */
export const SCORE_LOOP = 25;

/** The rulebook's words for the card actions. */
export const ACTION_NAMES: Readonly<Record<CardAction['kind'], string>> = {
  move: 'Move',
  pick: 'Pick for Gold',
  pan: 'Pan for Gold',
  bail: 'Bail Water',
  resupply: 'Resupply',
  crosscut: 'Crosscut Tunnel',
};

/** The rulebook's names of the marbles. */
export const MARBLE_NAMES: Readonly<Record<MarbleKind, string>> = {
  gold: 'Gold Nugget',
  ore: 'Raw Ore',
  water: 'Water',
  fate: 'Fate marble',
};

/** "Move 2", "Pick for Gold". */
export function actionName(a: CardAction): string {
  return a.kind === 'move' ? `Move ${a.spaces}` : ACTION_NAMES[a.kind];
}

/** "Town" or "mine shaft 4". */
export function spaceName(position: number): string {
  return position === 0 ? 'Town' : `mine shaft ${position}`;
}

/**
 * Where a cart `spaces` steps clockwise from `position` is drawn: only to place the click target
 * of a listed Move on the drawing (the server's move says how many spaces, the board says where).
 */
export function spaceAfter(position: number, spaces: number): number {
  return (((position + spaces) % TRACK_SPACES) + TRACK_SPACES) % TRACK_SPACES;
}

/** One listed move, with the words a chooser shows when one click could mean several moves. */
export interface Choice {
  move: LegalMove;
  /** e.g. "Use the Move 2 action", "Pan for Gold". */
  text: string;
}

/** One action of the card in play, with the listed moves that take it. */
export interface ActionControl {
  index: number;
  action: CardAction;
  used: boolean;
  /** Listed moves of this action (empty when it is used or not possible now). */
  moves: LegalMove[];
}

/** The listed moves of the card in play, the hand and Town, grouped by what the board draws. */
export interface BoardControls {
  /** Hand card id -> its move. */
  play: Map<number, LegalMove>;
  discardToMove: Map<number, LegalMove>;
  discard: Map<number, LegalMove>;
  claimJumper: Map<number, LegalMove>;
  /** The actions of the card in play, in card order. */
  actions: ActionControl[];
  /** Track space (0 = Town, 1..7) -> the Move actions that end there. */
  moveTo: Map<number, Choice[]>;
  /** `marbleKey(shaft, marble)` -> the Pick / Pan actions that take that marble. */
  take: Map<string, Choice[]>;
  /** Bail Water (a click on a Water in your shaft). */
  bail: LegalMove | null;
  /** Market slot -> Resupply. */
  resupply: Map<number, Choice[]>;
  crosscut: LegalMove | null;
  tunnel: { enter: LegalMove | null; stay: LegalMove | null };
  /** Every listed sale, in the server's order. */
  sells: LegalMove[];
  buyUpgrade: Map<UpgradeType, LegalMove>;
  removeUpgrade: Map<UpgradeType, LegalMove>;
  buyShare: LegalMove | null;
  /** Set-aside Town Share index -> its move. */
  chooseShare: Map<number, LegalMove>;
  endTurn: LegalMove | null;
  /** Anything the board does not draw: shown as plain buttons. */
  other: LegalMove[];
}

/** Key of a marble colour in a shaft, for `BoardControls.take`. */
export function marbleKey(shaft: number, marble: Gold): string {
  return `${shaft}:${marble}`;
}

function asMove(x: unknown): BigThunderMove | null {
  if (!x || typeof x !== 'object') return null;
  const t = (x as { type?: unknown }).type;
  return typeof t === 'string' ? (x as BigThunderMove) : null;
}

interface Keyed extends Choice {
  key: string;
}

function push<K>(map: Map<K, Keyed[]>, k: K, c: Keyed): void {
  const list = map.get(k);
  if (list) list.push(c);
  else map.set(k, [c]);
}

/**
 * Keeps one choice per key, the first listed: two Pick for Gold actions on one card take the
 * same marble the same way, so a click uses the first; a Move 2 and a Move 1 that both could
 * go one space stay two choices (which action is spent matters).
 */
function dedupe<K>(map: Map<K, Keyed[]>): Map<K, Choice[]> {
  const out = new Map<K, Choice[]>();
  for (const [k, list] of map) {
    const seen = new Set<string>();
    const kept: Choice[] = [];
    for (const c of list) {
      if (seen.has(c.key)) continue;
      seen.add(c.key);
      kept.push({ move: c.move, text: c.text });
    }
    out.set(k, kept);
  }
  return out;
}

/** Groups the listed moves into the board's controls. A move of an unknown shape goes to `other`. */
export function buildControls(view: BigThunderView | null, legal: readonly LegalMove[]): BoardControls {
  const c: BoardControls = {
    play: new Map(),
    discardToMove: new Map(),
    discard: new Map(),
    claimJumper: new Map(),
    actions: [],
    moveTo: new Map(),
    take: new Map(),
    bail: null,
    resupply: new Map(),
    crosscut: null,
    tunnel: { enter: null, stay: null },
    sells: [],
    buyUpgrade: new Map(),
    removeUpgrade: new Map(),
    buyShare: null,
    chooseShare: new Map(),
    endTurn: null,
    other: [],
  };
  const current = view?.current ?? null;
  c.actions = current
    ? current.card.actions.map((action, index) => ({ index, action, used: current.used[index] ?? false, moves: [] }))
    : [];
  const me = view && view.you !== null ? (view.seats[view.you] ?? null) : null;
  const moveTo = new Map<number, Keyed[]>();
  const take = new Map<string, Keyed[]>();
  const resupply = new Map<number, Keyed[]>();

  /** Puts `lm` under `key` of a one-move-per-key map, or in `other` if the key is taken. */
  const once = <K>(map: Map<K, LegalMove>, key: K, lm: LegalMove) => {
    if (map.has(key)) c.other.push(lm);
    else map.set(key, lm);
  };

  for (const lm of legal) {
    const m = asMove(lm.move);
    if (!m) {
      c.other.push(lm);
      continue;
    }
    switch (m.type) {
      case 'play':
        once(c.play, m.card, lm);
        break;
      case 'discardToMove':
        once(c.discardToMove, m.card, lm);
        break;
      case 'discard':
        once(c.discard, m.card, lm);
        break;
      case 'claimJumper':
        once(c.claimJumper, m.card, lm);
        break;
      case 'move':
      case 'pick':
      case 'pan':
      case 'bail':
      case 'resupply':
      case 'crosscut': {
        const a = c.actions[m.action];
        if (!a || a.action.kind !== m.type) {
          c.other.push(lm);
          break;
        }
        a.moves.push(lm);
        if (m.type === 'move') {
          if (me)
            push(moveTo, spaceAfter(me.position, m.spaces), {
              move: lm,
              key: actionName(a.action),
              text: `Use the ${actionName(a.action)} action`,
            });
        } else if (m.type === 'pick' || m.type === 'pan') {
          push(take, marbleKey(m.shaft, m.marble), { move: lm, key: m.type, text: ACTION_NAMES[m.type] });
        } else if (m.type === 'resupply') {
          push(resupply, m.slot, { move: lm, key: 'resupply', text: ACTION_NAMES.resupply });
        } else if (m.type === 'bail') {
          c.bail ??= lm;
        } else {
          c.crosscut ??= lm;
        }
        break;
      }
      case 'tunnel':
        if (m.enter && !c.tunnel.enter) {
          c.tunnel.enter = lm;
          // The Crosscut Tunnel leads to the shaft its marble ran into: that shaft is a target too.
          if (view?.pending?.kind === 'tunnel')
            push(moveTo, view.pending.shaft, { move: lm, key: 'tunnel', text: 'Take the Crosscut Tunnel' });
        } else if (!m.enter && !c.tunnel.stay) c.tunnel.stay = lm;
        else c.other.push(lm);
        break;
      case 'sell':
        c.sells.push(lm);
        break;
      case 'buyUpgrade':
        once(c.buyUpgrade, m.upgrade, lm);
        break;
      case 'removeUpgrade':
        once(c.removeUpgrade, m.upgrade, lm);
        break;
      case 'buyShare':
        if (c.buyShare) c.other.push(lm);
        else c.buyShare = lm;
        break;
      case 'chooseShare':
        once(c.chooseShare, m.index, lm);
        break;
      case 'endTurn':
        if (c.endTurn) c.other.push(lm);
        else c.endTurn = lm;
        break;
      default:
        c.other.push(lm);
    }
  }
  c.moveTo = dedupe(moveTo);
  c.take = dedupe(take);
  c.resupply = dedupe(resupply);
  return c;
}

/**
 * What a click on a hand card does: discard it to a Claim Jumper, else play it, else (in the
 * Draw step) discard it. Null when the card can't be used now.
 */
export function cardClick(c: BoardControls, card: number): LegalMove | null {
  return c.claimJumper.get(card) ?? c.play.get(card) ?? (c.play.size === 0 ? (c.discard.get(card) ?? null) : null);
}

/** The numbers of a listed sale. */
export interface Sale {
  goldForTokens: number;
  goldForPoints: number;
  oreForTokens: number;
  oreForPoints: number;
}

/** The sale a listed sell move stands for (zeros for anything else). */
export function saleOf(lm: LegalMove): Sale {
  const m = lm.move as Partial<Sale> | null;
  const n = (x: unknown) => (typeof x === 'number' ? x : 0);
  return {
    goldForTokens: n(m?.goldForTokens),
    goldForPoints: n(m?.goldForPoints),
    oreForTokens: n(m?.oreForTokens),
    oreForPoints: n(m?.oreForPoints),
  };
}

/**
 * The listed sale that sells the most marbles all for points (`'points'`) or all for Town Tokens
 * (`'tokens'`): the one-click "sell everything" of the Town form. Null when none is listed.
 */
export function sellAllFor(sells: readonly LegalMove[], kind: 'points' | 'tokens'): LegalMove | null {
  let best: LegalMove | null = null;
  let most = 0;
  for (const lm of sells) {
    const s = saleOf(lm);
    const other = kind === 'points' ? s.goldForTokens + s.oreForTokens : s.goldForPoints + s.oreForPoints;
    const count = kind === 'points' ? s.goldForPoints + s.oreForPoints : s.goldForTokens + s.oreForTokens;
    if (other === 0 && count > most) {
      best = lm;
      most = count;
    }
  }
  return best;
}

/**
 * The cell of score space `space` (0..25) on the loop drawn as the rim of a 9 x 6 grid:
 * 0..8 along the top left to right, 9..13 down the right, 14..21 along the bottom right to left,
 * 22..25 up the left, so 25 sits next to 0 and the track closes.
 */
export function loopCell(space: number): { col: number; row: number } {
  const s = Math.max(0, Math.min(SCORE_LOOP, Math.round(space)));
  if (s <= 8) return { col: s, row: 0 };
  if (s <= 13) return { col: 8, row: s - 8 };
  if (s <= 21) return { col: 8 - (s - 13), row: 5 };
  return { col: 0, row: 5 - (s - 21) };
}

/** Rows of marbles a shaft drawing needs (two marbles a row), the same for every shaft. */
export function shaftRows(view: Pick<BigThunderView, 'mine' | 'fateMarble'>): number {
  const most = Math.max(0, ...view.mine.map((m) => m.gold + m.ore + m.water + (view.fateMarble?.shaft === m.shaft ? 1 : 0)));
  return Math.min(8, Math.max(3, Math.ceil(most / 2)));
}

/** A seat's name at the table with its Locomotive: "Ada (U.R. Courageous)". */
export function playerName(view: BigThunderView, seats: readonly SeatInfo[], seat: number): string {
  const loco = view.seats[seat]?.name;
  const name = seatName([...seats], seat);
  return loco ? `${name} (${loco})` : name;
}

/** The board's one line about who acts now and what is asked of them. */
export function statusText(view: BigThunderView, seats: readonly SeatInfo[], yourSeat: number | null): string {
  const you = yourSeat;
  const name = (seat: number) => (seat === you ? 'You' : seatName([...seats], seat));
  if (view.phase === 'over') return 'The game is over: final scoring below.';
  const p = view.pending;
  if (p?.kind === 'claimJumper') {
    // The choices are secret until the last is in: others' are shown only as "has chosen".
    if (you !== null && p.waiting.includes(you)) return 'Claim Jumper! Discard one card from your hand.';
    const names = (list: number[]) => list.filter((s) => s !== you).map((s) => seatName([...seats], s));
    const waitingFor = `waiting for ${names(p.waiting).join(' and ')} to discard a card`;
    if (p.yours) return `Claim Jumper: you chose ${p.yours.name}, hidden until everyone has chosen; ${waitingFor}.`;
    const chosen = names(p.chosen);
    return `Claim Jumper: ${chosen.length ? `${chosen.join(' and ')} ${chosen.length === 1 ? 'has' : 'have'} chosen; ` : ''}${waitingFor}.`;
  }
  const yours = view.turn === you;
  const who = yours ? 'Your turn' : `${seatName([...seats], view.turn)}'s turn`;
  const final = view.endTriggeredBy !== null ? ' (final round)' : '';
  if (p?.kind === 'tunnel') return `${who}${final}: take the Crosscut Tunnel to mine shaft ${p.shaft}?`;
  if (p?.kind === 'chooseShare') return `${who}${final}: ${yours ? 'choose' : `${name(view.turn)} chooses`} a set-aside Town Share.`;
  if (p?.kind === 'removeUpgrade') return `${who}${final}: ${yours ? 'choose' : `${name(view.turn)} chooses`} an Upgrade to remove.`;
  if (view.phase === 'discard') return `${who}${final}: keep or discard cards, then end the turn.`;
  return `${who}${final}: play cards${view.town ? ', take Town actions' : ''}.`;
}

/** Geometry shared by the drawings of Town and the mine shafts, so their columns line up. */
export interface MineLayout {
  /** Width of a mine shaft column (Town is wider) in SVG units. */
  width: number;
  /** Top and bottom of the shaft tube. */
  tubeTop: number;
  tubeBottom: number;
  /** Top of the cart row under the tube. */
  cartTop: number;
  height: number;
  /** Marble radius and the distance between rows. */
  r: number;
  pitch: number;
}

/** The layout of a mine drawn with `rows` rows of marbles. */
export function mineLayout(rows: number): MineLayout {
  const pitch = 16;
  const tubeTop = 26;
  const tubeBottom = tubeTop + rows * pitch + 4;
  const cartTop = tubeBottom + 6;
  return { width: 40, tubeTop, tubeBottom, cartTop, height: cartTop + 28, r: 7, pitch };
}

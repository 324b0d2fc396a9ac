/**
 * The layout of the Big Thunder board (no DOM; tested in test/client/big-thunder-board.test.ts):
 * the server's `legalMoves`, grouped by type (`groupMoves`), placed on the controls the board
 * draws, and the geometry of the mine and the score loop. Every control carries one of the listed
 * moves, never a move built here: a click on a mine shaft or a marble only looks up which listed
 * move it stands for. The game's words and numbers come from the engine.
 */
import { groupMoves } from '../../../engine/core/group-moves';
import { clockwise, SCORE_TRACK_LENGTH, ACTION_NAMES, actionName } from '../../../engine/games/big-thunder/words';
import type { LegalMove } from '../../api-types';
import type { BigThunderMove, BigThunderView, CardAction, Gold, UpgradeType } from './types';

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

/** The card actions a listed move may take (the move's type is the action's kind). */
const ACTION_MOVES = ['move', 'pick', 'pan', 'bail', 'resupply', 'crosscut'] as const;
/** Every move type the board has a control for; any other goes to `other`. */
const DRAWN: readonly BigThunderMove['type'][] = [
  ...ACTION_MOVES,
  'play',
  'discardToMove',
  'discard',
  'claimJumper',
  'tunnel',
  'sell',
  'buyUpgrade',
  'removeUpgrade',
  'buyShare',
  'chooseShare',
  'endTurn',
];

/** Places the listed moves on the board's controls. A move the board has no place for goes to `other`. */
export function buildControls(view: BigThunderView | null, legal: readonly LegalMove[]): BoardControls {
  const g = groupMoves<BigThunderMove, LegalMove>(legal);
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
    sells: g.of('sell'),
    buyUpgrade: new Map(),
    removeUpgrade: new Map(),
    buyShare: null,
    chooseShare: new Map(),
    endTurn: null,
    other: g.except(DRAWN),
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
  /** The single control of a move type: the first listed; any further one is a plain button. */
  const single = (list: readonly LegalMove[]) => {
    c.other.push(...list.slice(1));
    return list[0] ?? null;
  };

  for (const lm of g.of('play')) once(c.play, lm.move.card, lm);
  for (const lm of g.of('discardToMove')) once(c.discardToMove, lm.move.card, lm);
  for (const lm of g.of('discard')) once(c.discard, lm.move.card, lm);
  for (const lm of g.of('claimJumper')) once(c.claimJumper, lm.move.card, lm);
  for (const type of ACTION_MOVES) {
    for (const lm of g.of(type)) {
      const m = lm.move;
      const a = c.actions[m.action];
      if (!a || a.action.kind !== m.type) {
        c.other.push(lm);
        continue;
      }
      a.moves.push(lm);
      if (m.type === 'move') {
        if (me)
          push(moveTo, clockwise(me.position, m.spaces), {
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
    }
  }
  c.tunnel.enter = single(g.of('tunnel').filter((lm) => lm.move.enter));
  c.tunnel.stay = single(g.of('tunnel').filter((lm) => !lm.move.enter));
  // The Crosscut Tunnel leads to the shaft its marble ran into: that shaft is a target too.
  if (c.tunnel.enter && view?.pending?.kind === 'tunnel')
    push(moveTo, view.pending.shaft, { move: c.tunnel.enter, key: 'tunnel', text: 'Take the Crosscut Tunnel' });
  for (const lm of g.of('buyUpgrade')) once(c.buyUpgrade, lm.move.upgrade, lm);
  for (const lm of g.of('removeUpgrade')) once(c.removeUpgrade, lm.move.upgrade, lm);
  c.buyShare = single(g.of('buyShare'));
  for (const lm of g.of('chooseShare')) once(c.chooseShare, lm.move.index, lm);
  c.endTurn = single(g.of('endTurn'));
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
  const s = Math.max(0, Math.min(SCORE_TRACK_LENGTH, Math.round(space)));
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

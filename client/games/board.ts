/**
 * The base of every board (client/games/index.ts says how boards plug in): the properties the game
 * page sets on it and the one way it sends a move. A board names its view type and how to tell
 * its view from anything else the page might hand it; the rest is its drawing.
 */
import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import type { GameStatus, LegalMove, SeatInfo } from '../api-types';
import { sendMove } from './move-event';

/** Properties the game page (and the replay) sets on a board element. */
export interface BoardProps {
  view: unknown;
  legalMoves: LegalMove[];
  yourSeat: number | null;
  seats: SeatInfo[];
  activeSeats: number[];
  status: GameStatus;
  /** The sentence about now (the turn bar's): the board shows it as its status line. */
  prompt: string;
}

/** A board for views of type `V`. */
export abstract class GameBoard<V> extends LitElement implements BoardProps {
  /** `state.view`: what this player may see (the engine's `view(state, seat)`). */
  @property({ attribute: false }) view: unknown = null;
  /** The moves this player may make now, as the server computed them; empty when it is not their turn. */
  @property({ attribute: false }) legalMoves: LegalMove[] = [];
  /** The viewer's seat (0-based), or null for a watcher (and in a replay). */
  @property({ attribute: false }) yourSeat: number | null = null;
  /** Every seat at the table, with the player's display name. */
  @property({ attribute: false }) seats: SeatInfo[] = [];
  /** Seats that must act now. */
  @property({ attribute: false }) activeSeats: number[] = [];
  @property({ attribute: false }) status: GameStatus = 'active';
  /** The sentence about now, as the turn bar says it. */
  @property({ attribute: false }) prompt = '';

  /** `view` when it is this game's view, else null (the board then says it is loading). */
  protected abstract viewOf(view: unknown): V | null;

  /** The view to draw, or null. */
  protected get v(): V | null {
    return this.viewOf(this.view);
  }

  /** The viewer's seat when it is one of the `players` seats of the view, else null (a watcher). */
  protected seatAmong(players: number): number | null {
    const s = this.yourSeat;
    return s !== null && Number.isInteger(s) && s >= 0 && s < players ? s : null;
  }

  /** Sends one of the listed moves to the page. */
  protected send(listed: Pick<LegalMove, 'move'>): void {
    sendMove(this, listed);
  }
}

/**
 * Helpers of the board browser tests (test/e2e/board-*.test.ts): a seat's state through the API,
 * a move through the API, and a move sent the way a board sends it (its `mp-move` event).
 */
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { postAs } from './support';

/** The part of GET /state these tests read. */
export interface SeatState {
  version: number;
  status: string;
  yourSeat: number | null;
  activeSeats: number[];
  canUndo: boolean;
  undoableSteps: number;
  undoBlockedBy: string | null;
  legalMoves: { label: string; move: { type: string; [k: string]: unknown }; effect?: string }[];
  view: { phase?: string } & Record<string, unknown>;
}

/** The seat's state, as a background tab reads it (it moves no seen mark unless `visible`). */
export async function stateOf(ctx: BrowserContext, base: string, id: string, visible = false): Promise<SeatState> {
  const res = await ctx.request.get(`${base}/api/games/${id}/state`, { headers: { 'x-page-visible': visible ? '1' : '0' } });
  expect(res.status()).toBe(200);
  return (await res.json()) as SeatState;
}

/** Posts `move` at `version` as the player of `ctx`. */
export function moveAs(ctx: BrowserContext, base: string, id: string, version: number, move: unknown): Promise<SeatState> {
  return postAs<SeatState>(ctx, base, `/api/games/${id}/moves`, { version, move });
}

/** Sends `move` from the game page the way a board does (its `mp-move` event), at the version the page shows. */
export async function sendFromPage(page: Page, move: unknown): Promise<void> {
  await page
    .locator('mp-board-area')
    .evaluate((area, move) => area.dispatchEvent(new CustomEvent('mp-move', { detail: { move }, bubbles: true, composed: true })), move);
}

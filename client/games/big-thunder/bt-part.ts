import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import type { BoardControls } from './controls';
import type { BigThunderView } from './types';

/** A part of the Big Thunder board that reads the whole view and its controls (the mountain, Town). */
export abstract class BtPart extends LitElement {
  /** The viewer's view (the engine's `view(state, seat)`). */
  @property({ attribute: false }) view: BigThunderView | null = null;
  /** The listed moves, sorted by what they act on (controls.ts); null while the board has none. */
  @property({ attribute: false }) controls: BoardControls | null = null;
  /** The viewer's seat, or null for a watcher. */
  @property({ attribute: false }) yourSeat: number | null = null;
}

import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import type { SeatInfo } from '../../api-types';
import { emptyGroups, type ControlGroups } from './controls';

/** A part of the Snowdonia board whose pieces belong to seats and may be played (the action areas, the railway). */
export abstract class SnPart extends LitElement {
  /** The listed moves, grouped by what they act on (controls.ts). */
  @property({ attribute: false }) controls: ControlGroups = emptyGroups();
  /** Every seat at the table, for the owners' names and colours. */
  @property({ attribute: false }) seats: SeatInfo[] = [];
  /** The viewer's seat, or null for a watcher. */
  @property({ attribute: false }) you: number | null = null;
}

import { LitElement, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { canAdd, fitSelection, zeroCounts, type Choice, type Counts } from './controls';

/**
 * A picker of counts among listed moves (the Stock Yard's cubes, the Works' conversions): the
 * selection only ever grows into some listed move's counts, and is refitted when the list changes.
 * `keys` are the counted things, in the order the picker shows them.
 */
export abstract class SnCountsPicker<K extends string> extends LitElement {
  /** The listed moves, each with the counts it takes (empty: nothing to pick now). */
  @property({ attribute: false }) choices: Choice<Counts<K>>[] = [];

  /** What is picked so far. */
  @state() protected sel: Counts<K>;

  constructor(protected readonly keys: readonly K[]) {
    super();
    this.sel = zeroCounts(keys);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('choices')) this.sel = this.choices.length ? fitSelection(this.choices, this.sel) : zeroCounts(this.keys);
  }

  /** One more `k`, when some listed move still takes it. */
  protected more(k: K): void {
    if (canAdd(this.choices, this.sel, k)) this.sel = { ...this.sel, [k]: this.sel[k] + 1 };
  }

  /** One `k` fewer (never under 0). */
  protected less(k: K): void {
    this.sel = { ...this.sel, [k]: Math.max(0, this.sel[k] - 1) };
  }

  /** Nothing picked. */
  protected clear(): void {
    this.sel = zeroCounts(this.keys);
  }
}

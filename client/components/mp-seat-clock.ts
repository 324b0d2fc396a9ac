import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { clockLine, type SeatClock } from '../clocks';

/**
 * One seat's clock: the time left, counting down on the device while it runs (from the answer's
 * `remainingMs`, measured from when this element received it), and what stops it when it stands
 * still. Red under two hours. Ticks every second while it runs and is on the page.
 */
@customElement('mp-seat-clock')
export class MpSeatClock extends LitElement {
  static override styles = css`
    :host {
      font-variant-numeric: tabular-nums;
      white-space: nowrap;
    }
    .soon {
      color: var(--mp-error-text);
      font-weight: 600;
    }
  `;

  @property({ attribute: false }) clock: SeatClock | null = null;

  @state() private now = Date.now();
  /** When the current `clock` arrived. */
  private receivedAt = Date.now();
  private tick: ReturnType<typeof setInterval> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.tick = setInterval(() => {
      if (this.clock?.running) this.now = Date.now();
    }, 1000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.tick);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('clock')) this.receivedAt = this.now = Date.now();
  }

  override render() {
    if (!this.clock) return nothing;
    const line = clockLine(this.clock, this.now - this.receivedAt);
    return html`<span class=${line.soon ? 'soon' : ''} role="timer" aria-label=${line.label}>${line.text}</span>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-seat-clock': MpSeatClock;
  }
}

import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { shared } from '../styles';
import { deadlineText, deviceTimeZone, untilText } from '../time';
import type { GameMeta } from '../api-types';

/**
 * The current turn's deadline in the viewer's time zone, with "in 5 h" (red under two hours) and
 * what happens after it. Draws nothing for a game without a time control or not running. Its
 * clock ticks every 30 s while it is on the page.
 */
@customElement('mp-turn-deadline')
export class MpTurnDeadline extends LitElement {
  static override styles = [
    shared,
    css`
      p {
        margin: 0 0 0.75rem;
      }
      .until {
        font-weight: 600;
        white-space: nowrap;
      }
      .soon .until {
        color: var(--mp-error-text);
      }
    `,
  ];

  @property({ attribute: false }) meta: GameMeta | null = null;
  @property({ attribute: false }) status = '';
  /** The viewer must move: "Your move is due by", else "This turn is due by". */
  @property({ type: Boolean }) yours = false;

  @state() private now = Date.now();
  private readonly timeZone = deviceTimeZone();
  private clock: ReturnType<typeof setInterval> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.clock = setInterval(() => {
      if (this.meta?.deadlineAt) this.now = Date.now();
    }, 30_000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.clock);
  }

  protected override willUpdate(): void {
    // A new deadline (the meta changed) is measured against the clock as it is now.
    this.now = Date.now();
  }

  override render() {
    const meta = this.meta;
    if (this.status !== 'active' || !meta?.deadlineAt || meta.timeControl.kind === 'none') return nothing;
    const left = Date.parse(meta.deadlineAt) - this.now;
    const what = meta.onTimeout === 'end' ? 'the game ends' : 'the bot plays the turn';
    return html`<p class="deadline ${left < 2 * 3600_000 ? 'soon' : ''}">
      ${this.yours ? 'Your move is due by' : 'This turn is due by'}
      <time datetime=${meta.deadlineAt}>${deadlineText(meta.deadlineAt, this.timeZone)}</time>
      (<span class="until">${untilText(meta.deadlineAt, this.now)}</span>); after that ${what}.
    </p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-turn-deadline': MpTurnDeadline;
  }
}

import { css, html, nothing, type PropertyValues } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { shared } from '../../styles';
import { sellAllFor, type BoardControls } from './controls';
import { sendMove } from '../move-event';
import { btStyles } from './styles';
import { BtPart } from './bt-part';

/**
 * Town: Sell Gold (exactly the listed sales, in a list, with "sell everything" shortcuts), and the
 * Upgrade stacks and Town Shares with their costs, bought with a click when listed. Buying a
 * fourth Upgrade asks which one to remove.
 */
@customElement('bt-town-actions')
export class BtTownActions extends BtPart {
  static override styles = [
    shared,
    btStyles,
    css`
      form {
        display: grid;
        gap: 0.4rem;
        margin-bottom: 0.75rem;
      }
      select {
        width: 100%;
      }
      .row button {
        flex: 1 1 auto;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 0.35rem;
      }
      li {
        display: grid;
        grid-template-columns: minmax(0, 1fr) auto;
        gap: 0.1rem 0.5rem;
        align-items: center;
        border: 1px solid var(--mp-border);
        border-radius: 0.5rem;
        padding: 0.2rem 0.5rem;
        min-height: 2.6rem;
      }
      li.held {
        border-color: var(--mp-accent);
        border-width: 2px;
      }
      .name {
        font-weight: 600;
      }
      details {
        margin-top: 0.4rem;
        font-size: 0.85rem;
      }
      summary {
        cursor: pointer;
        color: var(--mp-link);
        min-height: 24px;
        line-height: 24px;
      }
      dl {
        margin: 0.35rem 0 0;
      }
      dt {
        font-weight: 600;
      }
      dd {
        margin: 0 0 0.3rem;
        color: var(--mp-muted);
      }
      .cost {
        white-space: nowrap;
        font-size: 0.85rem;
      }
      .token {
        display: inline-block;
        width: 0.8em;
        height: 0.8em;
        border-radius: 50%;
        background: #c9a13b;
        border: 1px solid #6b5314;
        vertical-align: -0.05em;
      }
      .actions {
        display: flex;
        gap: 0.3rem;
      }
      .actions button {
        min-height: 2.1rem;
        padding: 0.2rem 0.6rem;
      }
      .prompt {
        font-weight: 600;
        color: var(--mp-accent-text);
      }
    `,
  ];

  /** Index into `controls.sells` of the chosen sale. */
  @state() private sale = 0;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('controls')) this.sale = 0;
  }

  private sell(e: Event): void {
    e.preventDefault();
    const lm = this.controls?.sells[this.sale];
    if (lm) sendMove(this, lm);
  }

  private renderSell(c: BoardControls) {
    if (!c.sells.length) return nothing;
    const points = sellAllFor(c.sells, 'points');
    const tokens = sellAllFor(c.sells, 'tokens');
    return html`<form @submit=${this.sell} aria-label="Sell gold">
      <label for="sale"><strong>Sell Gold</strong> <span class="muted">(${c.sells.length} ways)</span></label>
      <select id="sale" .value=${String(this.sale)} @change=${(e: Event) => (this.sale = Number((e.target as HTMLSelectElement).value))}>
        ${c.sells.map((lm, i) => html`<option value=${i} ?selected=${i === this.sale}>${lm.label}</option>`)}
      </select>
      <div class="row">
        <button class="primary" type="submit">Sell</button>
        ${points ? html`<button type="button" title=${points.label} @click=${() => sendMove(this, points)}>All for points</button>` : nothing}
        ${tokens ? html`<button type="button" title=${tokens.label} @click=${() => sendMove(this, tokens)}>All for Town Tokens</button>` : nothing}
      </div>
    </form>`;
  }

  override render() {
    const v = this.view;
    const c = this.controls;
    if (!v || !c) return nothing;
    const me = this.yourSeat !== null ? v.seats[this.yourSeat] : null;
    const buying = v.pending?.kind === 'removeUpgrade' ? v.pending.buying : null;
    const removing = c.removeUpgrade.size > 0;
    const townOpen = v.town !== null && v.turn === this.yourSeat;
    return html`<h3>Town</h3>
      ${
        townOpen
          ? html`<p class="muted">You are in Town: sell once and buy one Upgrade or one Town Share on this visit${v.town?.sold ? ' (sold)' : ''}${v.town?.bought ? ' (bought)' : ''}.</p>`
          : html`<p class="muted">Town actions: when your Mine Cart is in Town on your turn.</p>`
      }
      ${this.renderSell(c)}
      ${
        removing && buying
          ? html`<p class="prompt">You hold three Upgrades: remove one to make room for ${v.upgrades.find((u) => u.type === buying)?.name ?? 'the new one'}.</p>`
          : nothing
      }
      <ul aria-label="Upgrades and Town Shares">
        ${v.upgrades.map((u) => {
          const buy = c.buyUpgrade.get(u.type);
          const remove = c.removeUpgrade.get(u.type);
          const held = !!me?.upgrades.includes(u.type);
          return html`<li class=${held ? 'held' : ''} data-upgrade=${u.type} title=${u.text}>
            <span><span class="name">${u.name}</span>${held ? html` <span class="badge">yours</span>` : nothing}</span>
            <span class="actions">
              <span class="cost" title="${u.cost} Town Tokens; ${u.stack} left">${u.cost} <span class="token" role="img" aria-label="Town Tokens"></span> · ${u.stack} left</span>
              ${buy ? html`<button class="primary" aria-label=${buy.label} title=${buy.label} @click=${() => sendMove(this, buy)}>Buy</button>` : nothing}
              ${remove ? html`<button aria-label=${remove.label} title=${remove.label} @click=${() => sendMove(this, remove)}>Remove</button>` : nothing}
            </span>
          </li>`;
        })}
        <li data-upgrade="share" title="Worth 1, 2 or 3 points at the end; kept face down (only its owner may look).">
          <span class="name">Town Share</span>
          <span class="actions">
            <span class="cost">2 <span class="token" role="img" aria-label="Town Tokens"></span> · ${v.townSharesCount} left</span>
            ${c.buyShare ? html`<button class="primary" aria-label=${c.buyShare.label} title=${c.buyShare.label} @click=${() => sendMove(this, c.buyShare!)}>Buy</button>` : nothing}
          </span>
        </li>
      </ul>
      <details>
        <summary>What the Upgrades do</summary>
        <dl>
          ${v.upgrades.map((u) => html`<dt>${u.name}</dt><dd>${u.text}</dd>`)}
          <dt>Town Share</dt>
          <dd>Worth 1, 2 or 3 points at the end of the game; kept face down (only its owner may look).</dd>
        </dl>
      </details>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'bt-town-actions': BtTownActions;
  }
}

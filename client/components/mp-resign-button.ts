import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { shared } from '../styles';
import { resignConsequence } from '../table';

/**
 * "Resign", asked twice: the first click shows what resigning does (per the game's onResign
 * option) with "Yes, resign" and "Keep playing". Confirming fires `mp-resign` (the page sends it).
 */
@customElement('mp-resign-button')
export class MpResignButton extends LitElement {
  static override styles = [
    shared,
    css`
      .confirm {
        border: 1px solid var(--mp-error-border);
        background: var(--mp-error-bg);
        border-radius: 0.5rem;
        padding: 0.6rem 0.75rem;
      }
      .confirm p {
        margin: 0 0 0.5rem;
      }
    `,
  ];

  @property({ attribute: false }) onResign: 'bot' | 'end' | undefined = undefined;
  @property({ type: Boolean }) disabled = false;
  @state() private asking = false;

  private confirm(): void {
    this.asking = false;
    this.dispatchEvent(new CustomEvent('mp-resign', { bubbles: true, composed: true }));
  }

  override render() {
    if (!this.asking) {
      return html`<button type="button" ?disabled=${this.disabled} @click=${() => (this.asking = true)}>Resign…</button>`;
    }
    return html`<div class="confirm" role="group" aria-labelledby="q" aria-describedby="what">
      <p id="q"><strong>Resign this game?</strong></p>
      <p id="what">${resignConsequence(this.onResign)} This cannot be undone.</p>
      <div class="row">
        <button type="button" class="danger" ?disabled=${this.disabled} @click=${this.confirm}>Yes, resign</button>
        <button type="button" @click=${() => (this.asking = false)}>Keep playing</button>
      </div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-resign-button': MpResignButton;
  }
  interface HTMLElementEventMap {
    'mp-resign': CustomEvent<void>;
  }
}

import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { sendMove } from '../games/move-event';
import { shared } from '../styles';
import type { LegalMove } from '../api-types';

/** Your legal moves as plain buttons, one per move the server lists, labelled by the engine. */
@customElement('mp-move-buttons')
export class MpMoveButtons extends LitElement {
  static override styles = [
    shared,
    css`
      .moves {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
      }
    `,
  ];

  @property({ attribute: false }) moves: LegalMove[] = [];
  @property({ type: Boolean }) disabled = false;

  private pick(m: LegalMove): void {
    sendMove(this, m);
  }

  override render() {
    return html`<div class="moves" role="group" aria-label="Your moves">
      ${this.moves.map((m) => html`<button class="primary" ?disabled=${this.disabled} @click=${() => this.pick(m)}>${m.label}</button>`)}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-move-buttons': MpMoveButtons;
  }
}

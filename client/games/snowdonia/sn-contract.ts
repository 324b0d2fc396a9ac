import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import '../../components/mp-tip';
import type { LegalMove } from '../../api-types';
import { WEATHER_NAMES } from '../../../engine/games/snowdonia/words';
import { weatherIcon } from './pieces';
import { sendMove } from '../move-event';
import { shared } from '../../styles';
import { snCardStyles, snStyles } from './styles';
import type { ContractView, HeldContractView } from './types';

/**
 * A Contract card: its one-time effect (activated before its Action Area resolves), its end-game
 * goal and VP, and the weather on its back. A held card shows whether it has been used and what
 * it is worth now. With `action` (a listed move) the card carries a button for it under its name
 * (Take in the Site Office, Activate in your hand): at the foot of the card it fell below the
 * first screen of a phone.
 */
@customElement('sn-contract')
export class SnContract extends LitElement {
  static override styles = [
    shared,
    snStyles,
    snCardStyles,
    css`
      article.used {
        opacity: 0.6;
      }
      article.active {
        box-shadow: 0 0 0 2px var(--mp-accent);
      }
      header {
        gap: 0.3rem;
      }
      .name {
        font-weight: 700;
        font-size: 0.85rem;
        flex: 1;
        min-width: 0;
      }
      .area {
        display: inline-grid;
        place-items: center;
        min-width: 1.2rem;
        height: 1.2rem;
        border-radius: 0.25rem;
        background: #3d5a3a;
        color: #fff;
        font-size: 0.72rem;
        font-weight: 700;
        flex: none;
      }
      .goal {
        font-weight: 600;
      }
      .state,
      .muted {
        font-size: 0.75rem;
        color: #6a604c;
      }
    `,
  ];

  @property({ attribute: false }) contract: ContractView | HeldContractView | null = null;
  @property({ attribute: false }) action: LegalMove | null = null;
  @property() actionText = '';
  /** Name, goal and VP only (the hands of other players). */
  @property({ type: Boolean }) compact = false;

  override render() {
    const k = this.contract;
    if (!k) return nothing;
    const held = 'activated' in k ? k : null;
    const lm = this.action;
    const cls = [held?.activated && !held.activeThisRound ? 'used' : '', held?.activeThisRound ? 'active' : '', lm ? 'offer' : ''].join(
      ' ',
    );
    return html`<article class=${cls} data-contract=${k.id} aria-label="Contract ${k.id}: ${k.name}" title=${this.compact ? `Effect: ${k.effect}` : nothing}>
      <header>
        <mp-tip class="area" text="Activated at ${k.areaName} (${k.area})">${k.area}</mp-tip>
        <span class="name">${k.name} <span class="muted">#${k.id}</span></span>
        <mp-tip text="Weather on the back: ${WEATHER_NAMES[k.weather]}" label="Weather on the back: ${WEATHER_NAMES[k.weather]}">${weatherIcon(k.weather, 16)}</mp-tip>
      </header>
      ${
        lm
          ? html`<button class="primary" data-control=${this.actionText.toLowerCase() || 'contract'} aria-label=${lm.label} title=${lm.label}
            @click=${() => sendMove(this, lm)}>${this.actionText || lm.label}</button>`
          : nothing
      }
      ${this.compact ? nothing : html`<span>${k.effect}</span>`}
      <span class="goal">Goal: ${k.requirement}</span>
      ${
        held
          ? html`<span class="state">
            ${held.activeThisRound ? 'Active this round' : held.activated ? 'Effect used' : 'Effect unused'} · worth
            <strong data-field="contract-vp">${held.vpNow}</strong> VP now
          </span>`
          : nothing
      }
    </article>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sn-contract': SnContract;
  }
}

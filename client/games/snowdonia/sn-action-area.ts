import { css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { LegalMove } from '../../api-types';
import { youOrName } from '../../names';
import { ownerColor, placeChoice } from './controls';
import { labourerIcon } from './pieces';
import { sendMove } from '../move-event';
import { shared } from '../../styles';
import { snStyles } from './styles';
import { SnPart } from './sn-part';
import type { ActionAreaView } from './types';

/** What each Action Area does, in a few words (the rulebook's action names). */
const HINTS: Record<string, (rates: { excavation: number; layTrack: number }) => string> = {
  A: () => 'Take up to 3 cubes (max 1 Coal). Last space: Start Player.',
  B: (r) => `Dig ${r.excavation} Rubble up the mountain.`,
  C: () => 'Works: 1-3 conversions. 3 Iron Ore → Steel Bar, 2 Rubble → Stone.',
  D: (r) => `Lay track on up to ${r.layTrack} cleared Track cards (1 Steel Bar each).`,
  E: () => 'Build a Station space, or buy a Train.',
  F: () => 'Take a Contract from the Site Office.',
  G: () => 'Move your Surveyor one Station up.',
};

/**
 * One Action Area (A to G) with its numbered spaces: Labourers in their owners' colours, spaces
 * covered by Fog, and (while you assign Labourers) the free spaces the server lists as buttons.
 * The space being resolved is marked. Move the Surveyor (G) is unlimited: its next space appears
 * as a button when you may go there.
 */
@customElement('sn-action-area')
export class SnActionArea extends SnPart {
  static override styles = [
    shared,
    snStyles,
    css`
      .area {
        border: 1px solid var(--mp-border);
        border-radius: 0.6rem;
        padding: 0.4rem 0.5rem 0.45rem;
        background: var(--mp-surface);
        height: 100%;
        box-sizing: border-box;
        display: flex;
        flex-direction: column;
        gap: 0.3rem;
      }
      .area.now {
        border-color: var(--mp-accent);
        box-shadow: 0 0 0 1px var(--mp-accent);
      }
      .area.closed {
        opacity: 0.6;
      }
      .head {
        display: flex;
        align-items: center;
        gap: 0.35rem;
        font-weight: 700;
        font-size: 0.9rem;
        line-height: 1.2;
      }
      .letter {
        display: inline-grid;
        place-items: center;
        width: 1.35rem;
        height: 1.35rem;
        border-radius: 0.3rem;
        background: #3d5a3a;
        color: #fff;
        font-size: 0.8rem;
        flex: none;
      }
      .spaces {
        display: flex;
        flex-wrap: wrap;
        gap: 0.3rem;
      }
      .space {
        position: relative;
        width: 2.4rem;
        height: 2.4rem;
        min-height: 2.4rem;
        padding: 0;
        border-radius: 50%;
        border: 2px solid var(--mp-border-strong);
        background: var(--mp-surface);
        color: var(--mp-text);
        display: inline-grid;
        place-items: center;
        font: inherit;
        font-weight: 700;
        font-size: 0.85rem;
        box-sizing: border-box;
      }
      .space .no {
        position: absolute;
        right: -0.2rem;
        bottom: -0.2rem;
        font-size: 0.6875rem;
        background: var(--mp-surface);
        border: 1px solid var(--mp-border-strong);
        border-radius: 999px;
        min-width: 1rem;
        line-height: 1rem;
        text-align: center;
      }
      .space.taken {
        border-color: var(--c);
        background: color-mix(in srgb, var(--c) 22%, var(--mp-surface));
      }
      .space.fog {
        border-style: dashed;
        background: repeating-linear-gradient(-45deg, #c9d1d9 0 4px, transparent 4px 8px);
        color: var(--mp-muted);
      }
      button.space {
        cursor: pointer;
        border-color: var(--sn-target);
        background: color-mix(in srgb, var(--sn-target) 14%, var(--mp-surface));
      }
      button.space:hover:not(:disabled) {
        background: color-mix(in srgb, var(--sn-target) 30%, var(--mp-surface));
      }
      .space.now {
        outline: 3px solid var(--mp-accent);
        outline-offset: 1px;
      }
      .hint {
        font-size: 0.75rem;
        color: var(--mp-muted);
        margin: 0;
        line-height: 1.25;
      }
      .empty {
        font-size: 0.8rem;
        color: var(--mp-muted);
        align-self: center;
      }
    `,
  ];

  @property({ attribute: false }) area: ActionAreaView | null = null;
  /** The space being resolved now (2. Resolve Actions), when it is in this area. */
  @property({ attribute: false }) resolving: number | null = null;
  @property({ attribute: false }) workRates = { excavation: 0, layTrack: 0 };

  private place(lm: LegalMove): void {
    sendMove(this, lm);
  }

  private renderSpace(a: ActionAreaView, s: ActionAreaView['spaces'][number]) {
    const now = this.resolving === s.space;
    const id = `${a.area}${s.space}`;
    if (s.seat !== null) {
      const name = youOrName(this.seats, s.seat, this.you);
      return html`<span class="space taken ${now ? 'now' : ''}" style="--c:${ownerColor(s.seat)}" data-space=${id} data-seat=${s.seat} data-mark="space-${id}" data-mark-value=${s.seat}
        title="${id}: ${name === 'You' ? 'your' : `${name}'s`} Labourer" role="img" aria-label="${id}: ${name === 'You' ? 'your' : `${name}'s`} Labourer">
        ${labourerIcon(ownerColor(s.seat), 22)}<span class="no" aria-hidden="true">${s.space}</span>
      </span>`;
    }
    const lm = placeChoice(this.controls, a.area, s.space);
    if (lm) {
      return html`<button class="space" data-space=${id} data-mark="space-${id}" data-mark-value="free" data-control="place" aria-label=${lm.label} title=${lm.label} @click=${() => this.place(lm)}>
        ${s.space}
      </button>`;
    }
    if (s.blocked)
      return html`<span class="space fog" data-space=${id} data-mark="space-${id}" data-mark-value="fog" role="img" aria-label="${id}: Fog, no Labourer this round" title="${id}: Fog, no Labourer this round">${s.space}</span>`;
    return html`<span class="space" data-space=${id} data-mark="space-${id}" data-mark-value="free" role="img" aria-label="${id}: free" title="${id}: free">${s.space}</span>`;
  }

  override render() {
    const a = this.area;
    if (!a) return nothing;
    // Move the Surveyor: the spaces taken so far, then the next one when you may place there.
    const next = a.unlimited ? placeChoice(this.controls, a.area, a.spaces.length + 1) : null;
    const fog = a.spaces.some((s) => s.blocked && s.seat === null);
    const hint = a.closed
      ? 'Closed: all Rubble is gone; its Build space is on BUILD.'
      : `${fog ? 'Fog this round (hatched spaces). ' : ''}${HINTS[a.area]?.(this.workRates) ?? ''}`;
    return html`<section class="area ${this.resolving !== null ? 'now' : ''} ${a.closed ? 'closed' : ''}" aria-label="Action Area ${a.area}: ${a.name}">
      <div class="head"><span class="letter">${a.area}</span><span>${a.closed ? 'Excavation' : a.name}</span></div>
      <div class="spaces">
        ${a.spaces.map((s) => this.renderSpace(a, s))}
        ${
          next
            ? html`<button class="space" data-space="${a.area}${a.spaces.length + 1}" data-control="place" aria-label=${next.label} title=${next.label}
              @click=${() => this.place(next)}>+</button>`
            : nothing
        }
        ${a.unlimited && !a.spaces.length && !next ? html`<span class="empty">No Labourers</span>` : nothing}
        ${!a.unlimited && !a.spaces.length ? html`<span class="empty">No spaces</span>` : nothing}
      </div>
      <p class="hint">${hint}</p>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sn-action-area': SnActionArea;
  }
}

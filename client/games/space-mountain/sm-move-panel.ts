import { LitElement, css, html, nothing, svg } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { turned, KIND_NAMES, squareName } from '../../../engine/games/space-mountain/words';
import { shared } from '../../styles';
import type { LegalMove } from '../../api-types';
import {
  FACING_DEGREES,
  STARPORT_SHORT,
  effectiveStarport,
  placeTargets,
  refuelText,
  starportFacings,
  type ControlGroups,
} from './controls';
import { printedColour } from '../../seat-colours';
import { arrowPath } from './icons';
import { sendMove } from '../move-event';
import { selectStarport } from './starport-select';
import './sm-facing-picker';
import './sm-mission-card';
import type { SmView, StarportId } from './types';

/**
 * "Your move": the viewer's legal moves as clear controls, grouped by what the rulebook asks at
 * this moment - Go or Refuel (with exactly the legal Missions to flip), left or right on a Turn
 * die, which Mission space a held marker goes on (the Missions' free spaces, as on the player's mat), which Starport and facing, the facing after a Wormhole. Each
 * button sends exactly one entry of `legalMoves`; Starport chips only select.
 */
@customElement('sm-move-panel')
export class SmMovePanel extends LitElement {
  static override styles = [
    shared,
    css`
      .panel {
        border: 2px solid var(--mp-accent);
        border-radius: 0.75rem;
        padding: 0.75rem;
        background: color-mix(in srgb, var(--mp-accent) 7%, var(--mp-surface));
      }
      h3 {
        margin-bottom: 0.4rem;
      }
      .block + .block {
        margin-top: 0.75rem;
      }
      .hint {
        font-size: 0.85rem;
        color: var(--mp-muted);
        margin: 0.5rem 0 0;
      }
      button.go {
        font-weight: 700;
      }
      /* Chosen: thick amber border and a check mark; the focus ring stays the blue outline. */
      .chips button[aria-pressed='true'] {
        border: 3px solid var(--mp-target, #b85f00);
        font-weight: 700;
      }
      .chips button[aria-pressed='true']::before {
        content: '✓';
        color: var(--mp-target, #b85f00);
      }
      .swatch {
        width: 0.8rem;
        height: 0.8rem;
        border-radius: 50%;
        border: 1px solid #0006;
        flex: none;
      }
      .turn svg {
        width: 1.1rem;
        height: 1.1rem;
      }
      sm-facing-picker {
        margin-top: 0.6rem;
      }
      /* The Missions that take the marker, as on the player's mat: their free spaces are the buttons.
         Narrow enough for all five in one row of the panel beside the map (17rem). */
      .places {
        display: flex;
        flex-wrap: wrap;
        gap: 0.3rem;
      }
      .places sm-mission-card {
        flex: 1 1 0;
        min-width: 2.5rem;
        max-width: 4.4rem;
      }
    `,
  ];

  @property({ attribute: false }) groups: ControlGroups | null = null;
  @property({ attribute: false }) view: SmView | null = null;
  /** The Starport picked on the board or with a chip. */
  @property({ attribute: false }) selected: StarportId | null = null;

  private renderDecision(g: ControlGroups) {
    if (!g.go && !g.refuel.length) return nothing;
    return html`<div class="block" data-group="decision">
      <p>Step 1: does your Rocket fly on? Everyone decides in secret; the choices are revealed together.</p>
      <div class="row">
        ${
          g.go
            ? html`<button class="primary go" data-control="go" aria-label=${g.go.label} @click=${() => sendMove(this, g.go!)}>All Systems Go!</button>`
            : nothing
        }
        ${g.refuel.map(
          (
            r,
          ) => html`<button data-control="refuel" data-flip=${r.value.join('')} aria-label=${r.legal.label} title=${r.legal.label} @click=${() => sendMove(this, r.legal)}>
            ${refuelText(r.value)}
          </button>`,
        )}
      </div>
      ${
        g.refuel.length
          ? html`<p class="hint">
            Refuel: your Rocket leaves the board until next round and keeps its markers.${
              g.refuel.length > 1
                ? ' Flipping completed Missions (in alphabetical order) keeps them safe and returns their markers to the pool.'
                : ''
            }
          </p>`
          : nothing
      }
    </div>`;
  }

  private renderTurn(g: ControlGroups, view: SmView) {
    const { left, right } = g.turn;
    if (!left && !right) return nothing;
    const me = view.you !== null ? view.players[view.you] : undefined;
    const facing = me?.rocket?.facing ?? null;
    const button = (legal: LegalMove, dir: 'left' | 'right') =>
      html`<button class="primary turn" data-control="turn" data-dir=${dir} aria-label=${legal.label} @click=${() => sendMove(this, legal)}>
        ${
          facing
            ? svg`<svg viewBox="-10 -10 20 20" aria-hidden="true"><path d=${arrowPath} fill="currentColor" transform=${`rotate(${FACING_DEGREES[turned(facing, dir)]})`}></path></svg>`
            : nothing
        }
        ${dir === 'left' ? 'Turn left' : 'Turn right'}${facing ? html` <small>(to ${turned(facing, dir)})</small>` : nothing}
      </button>`;
    return html`<div class="block" data-group="turn">
      <p>Turn die: your Rocket has moved 1 square${facing ? html` and faces <strong>${facing}</strong>` : nothing}. Turn, then it moves 1 more square.</p>
      <div class="row">${left ? button(left, 'left') : nothing}${right ? button(right, 'right') : nothing}</div>
    </div>`;
  }

  private renderPlace(g: ControlGroups, view: SmView) {
    if (!g.place.length) return nothing;
    const me = view.you !== null ? view.players[view.you] : undefined;
    const w = me?.flight?.waitingFor;
    const item = w && w.kind === 'place' ? KIND_NAMES[w.item] : 'Mission';
    // The Mission cards lie under the map, a screen or more down: the cards that take the marker
    // are drawn here too, where the step is read, their free spaces the buttons. One button per
    // choice in a list took twelve rows for an Any Item marker and pushed the map off a phone's
    // first two screens; the cards hold every choice in about two rows of buttons.
    const cards = (me?.missions ?? []).filter((m) => placeTargets(g, m.letter).length);
    return html`<div class="block" data-group="place">
      <p>
        Place your <strong>${item}</strong> marker: tap a highlighted space of one of your Missions (${g.place.length}
        choice${g.place.length === 1 ? '' : 's'}).
      </p>
      <div class="places" role="group" aria-label="Your Missions">
        ${cards.map((m) => html`<sm-mission-card .mission=${m} .targets=${placeTargets(g, m.letter)}></sm-mission-card>`)}
      </div>
      ${
        // A choice on a Mission the view does not show (it never should): a plain button, so every listed move stays offered.
        g.place
          .filter((c) => !cards.some((m) => m.letter === c.value.mission))
          .map((c) => html`<button data-control="place" @click=${() => sendMove(this, c.legal)}>${c.legal.label}</button>`)
      }
    </div>`;
  }

  private renderStarports(g: ControlGroups, view: SmView) {
    if (!g.starports.length) return nothing;
    const chosen = effectiveStarport(g, this.selected);
    const ports = view.board.starports;
    const port = ports.find((p) => p.id === chosen);
    const returning = view.phase === 'move';
    return html`<div class="block" data-group="starport">
      <p>
        ${
          returning
            ? 'Return to Starport: put your Rocket on one of your approved Starports, facing any side.'
            : 'Launch: put your Rocket on one of your approved Starports and choose where it faces.'
        }
        ${g.starports.length > 1 ? ' Pick a Starport (highlighted on the board), then a facing.' : ''}
      </p>
      <div class="row chips" role="group" aria-label="Approved Starports">
        ${g.starports.map((s) => {
          const p = ports.find((x) => x.id === s.starport);
          return html`<button
            data-control="starport"
            data-starport=${s.starport}
            aria-pressed=${String(s.starport === chosen)}
            @click=${() => selectStarport(this, s.starport)}
          >
            <span class="swatch" style=${`background:${printedColour(p?.color ?? '')}`}></span>${p?.name ?? s.starport}
          </button>`;
        })}
      </div>
      ${
        port
          ? html`<sm-facing-picker .options=${starportFacings(g, chosen)} hub=${STARPORT_SHORT[port.id] ?? ''}></sm-facing-picker>`
          : nothing
      }
    </div>`;
  }

  private renderFace(g: ControlGroups, view: SmView) {
    if (!g.face.length) return nothing;
    const me = view.you !== null ? view.players[view.you] : undefined;
    const at = me?.rocket ? ` at ${squareName(me.rocket)}` : '';
    return html`<div class="block" data-group="face">
      <p>Your Rocket came out of the Wormhole${at}: choose where it faces.</p>
      <sm-facing-picker .options=${g.face} hub="Wormhole"></sm-facing-picker>
    </div>`;
  }

  private renderOther(g: ControlGroups) {
    if (!g.other.length) return nothing;
    return html`<div class="block row" data-group="other">
      ${g.other.map((m) => html`<button data-control="other" @click=${() => sendMove(this, m)}>${m.label}</button>`)}
    </div>`;
  }

  override render() {
    const g = this.groups;
    const view = this.view;
    if (!g || !view) return nothing;
    return html`<section class="panel" aria-label="Your move">
      <h3>Your move</h3>
      ${this.renderDecision(g)} ${this.renderTurn(g, view)} ${this.renderPlace(g, view)} ${this.renderStarports(g, view)}
      ${this.renderFace(g, view)} ${this.renderOther(g)}
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sm-move-panel': SmMovePanel;
  }
}

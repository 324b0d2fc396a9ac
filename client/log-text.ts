import { html, type TemplateResult } from 'lit';
import { logParts } from '../engine/core/log-names';
import { seatName } from './names';
import type { SeatInfo } from './api-types';

/**
 * A log line for the page ("one name per player"): each `{{p:N}}` marker becomes the
 * player's display name in bold after a chip in the seat's colour (`--mp-seat-N`, the colour the
 * boards use for that seat), so the name reads the same in the log, the board and the seat list.
 * Lines without markers (written before markers existed) come back as they are. Names are Lit
 * text bindings, never HTML. The chip is decorative (`aria-hidden`): the name says who. `actor`
 * (the seat whose colour dot already starts the line, in the game log) gets no second chip.
 */
export function logLineTemplate(text: string, seats: readonly SeatInfo[], actor: number | null = null): Array<string | TemplateResult> {
  return logParts(text).map((p) =>
    typeof p === 'string'
      ? p
      : p.seat === actor
        ? html`<b class="who">${seatName([...seats], p.seat)}</b>`
        : html`<b class="who"
          ><span
            aria-hidden="true"
            style="display:inline-block;width:0.55em;height:0.55em;margin-right:0.2em;border-radius:50%;vertical-align:0.05em;background:var(--mp-seat-${p.seat}, var(--mp-muted))"
          ></span
          >${seatName([...seats], p.seat)}</b
        >`,
  );
}

/**
 * Seat colours, one scheme for the whole page: seat N is drawn in `--mp-seat-N` (public/styles.css
 * sets the palette; Space Mountain's board sets them to the Rockets the players chose), and a
 * player's mat, chips and pieces read that variable through `seatColor`. The printed colour names
 * a game uses for its pieces (a Rocket's "blue") map to the same palette here.
 */

/** The palette of public/styles.css's `--mp-seat-0..4`, by the colour names games print on their pieces. */
export const PRINTED_COLOURS: Readonly<Record<string, string>> = {
  red: '#d1495b',
  blue: '#2e86de',
  yellow: '#f2b134',
  green: '#3aa17e',
  purple: '#8e5cc7',
};

/** A CSS colour for a printed colour name ("blue"), else the value itself. */
export function printedColour(name: string): string {
  return Object.hasOwn(PRINTED_COLOURS, name) ? PRINTED_COLOURS[name] : name;
}

/** The CSS colour of seat `seat`: its page colour, grey for a seat without one. */
export function seatColor(seat: number): string {
  return `var(--mp-seat-${seat}, var(--mp-muted))`;
}

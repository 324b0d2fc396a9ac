import type { TemplateResult } from 'lit';
import { describe, expect, it } from 'vitest';
import { logLineTemplate } from '../../client/log-text';
import type { SeatInfo } from '../../client/api-types';

const seats: SeatInfo[] = [
  { seat: 0, name: 'Ada', userId: 'u1', isBot: false },
  { seat: 1, name: '<b>Bo</b>', userId: 'u2', isBot: false },
];

/** The static markup and bound values of one name template, joined for assertions. */
const markup = (t: TemplateResult) => ({ html: t.strings.join('${}'), values: t.values });

describe('names in the page log: markers become the display name with the seat colour chip', () => {
  it('renders each marker as the player, text around it as is', () => {
    const parts = logLineTemplate('{{p:1}} sells to {{p:0}}.', seats);
    expect(parts).toHaveLength(4);
    expect(parts[1]).toBe(' sells to ');
    expect(parts[3]).toBe('.');
    const bo = markup(parts[0] as TemplateResult);
    // The seat number goes into the chip's colour variable; the name is a text binding (never HTML).
    expect(bo.values).toEqual([1, '<b>Bo</b>']);
    expect(bo.html).toContain('var(--mp-seat-${}');
    expect(bo.html).toContain('aria-hidden="true"');
    expect(markup(parts[2] as TemplateResult).values).toEqual([0, 'Ada']);
  });

  it('names an empty seat "Seat N" and leaves lines without markers alone', () => {
    expect(markup(logLineTemplate('{{p:3}}', seats)[0] as TemplateResult).values).toEqual([3, 'Seat 4']);
    expect(logLineTemplate('Red rolls the Navigation dice.', seats)).toEqual(['Red rolls the Navigation dice.']);
  });
});

import { require_, type Seat } from '../../../core';
import { contractData, requirementText } from '../components';
import { say, type Ctx } from '../context';
import type { MoveOf } from '../moves';
import { playerName, type SnowdoniaState } from '../state';

/**
 * F. SITE OFFICE (README): take one of the face-up Contract cards of the Site Office (a Contract
 * effect may allow more). Taking a face-up card reveals nothing.
 */

export function siteOfficeChoices(s: SnowdoniaState): MoveOf<'take-contract'>[] {
  return s.siteOffice.filter((id): id is number => id !== null).map((contract) => ({ type: 'take-contract', contract }));
}

/** Takes a Contract card into `seat`'s player area (unused, face up). */
export function takeContract(s: SnowdoniaState, ctx: Ctx, seat: Seat, m: MoveOf<'take-contract'>): void {
  const i = s.siteOffice.indexOf(m.contract);
  require_(i >= 0, 'contract_not_in_site_office', 'That Contract card is not in the Site Office.');
  s.siteOffice[i] = null;
  s.seats[seat].contracts.push({ id: m.contract, activated: false, activeThisRound: false });
  const k = contractData(m.contract);
  say(ctx, seat, `${playerName(seat)} took Contract ${k.id} "${k.name}" (${requirementText(k.requirement, k.vp)}).`);
}

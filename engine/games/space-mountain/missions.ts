import { MISSION_LETTERS, missionCard, type MissionLetter, type MissionPicture, type SpaceItem } from './components';
import type { MissionState } from './state';

/** A card is complete when every space is covered, or once it has been flipped face down. */
export function isComplete(m: MissionState): boolean {
  return m.faceDown || m.covered.every(Boolean);
}

/** Mission markers on a player's face-up Mission cards. */
export function markersOnCards(cards: readonly MissionState[]): number {
  let n = 0;
  for (const m of cards) if (!m.faceDown) for (const c of m.covered) if (c) n++;
  return n;
}

/**
 * The Mission cards a player may flip at Refuel, as the longest allowed list: "Mission cards must
 * be flipped over in alphabetical order ... only if all preceding Mission cards have been
 * flipped" (rulebook, Step 1). Any prefix of it (including none) is a legal choice.
 */
export function flippableInOrder(cards: readonly MissionState[]): MissionLetter[] {
  const out: MissionLetter[] = [];
  for (const m of cards) {
    if (m.faceDown) continue;
    if (!m.covered.every(Boolean)) break;
    out.push(m.letter);
  }
  return out;
}

/** A place a Mission marker may go: space `space` of the card with letter `mission`. */
export interface MarkerSpot {
  mission: MissionLetter;
  space: number;
}

/**
 * Where a Mission marker for `item` may go (rulebook, Encounter Tokens): a Space Item goes on a
 * matching picture or an Any Item "?" space; an Any Item token (`any`) goes on any uncovered
 * space. Only face-up cards take markers. Spaces showing the same picture on the same card are
 * interchangeable, so each (card, picture) is offered once, at its leftmost uncovered space.
 */
export function markerSpots(cards: readonly MissionState[], item: SpaceItem | 'any'): MarkerSpot[] {
  const spots: MarkerSpot[] = [];
  for (const m of cards) {
    if (m.faceDown) continue;
    const pictures = missionCard(m.card).pictures;
    const seen: MissionPicture[] = [];
    for (let i = 0; i < pictures.length; i++) {
      const p = pictures[i];
      if (m.covered[i] || seen.includes(p)) continue;
      if (item === 'any' || p === item || p === 'any') {
        seen.push(p);
        spots.push({ mission: m.letter, space: i });
      }
    }
  }
  return spots;
}

/** The letters in play for `missions` Missions (the first 3, 4 or 5 sets). */
export function lettersInPlay(missions: number): MissionLetter[] {
  return MISSION_LETTERS.slice(0, missions);
}

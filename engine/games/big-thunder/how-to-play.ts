import type { HowToPlay } from '../../core/how-to-play';

/**
 * How to play Big Thunder Mountain Railroad, summarised from `docs/rules/big-thunder-mountain-railroad.rulebook.txt`,
 * with the engine's readings (reconstructions from `docs/rules/README.md` section 1 among them).
 */
export const bigThunderHowToPlay: HowToPlay = {
  summary: {
    goal: 'Drive your Mine Cart round the mountain, collect Gold Nuggets and Raw Ore from the mine shafts and turn them into points in Town. Most points at the end wins.',
    turn: [
      'Three marbles run out of the mountain into random mine shafts. If the red Fate marble comes out, a Fate card is turned and resolved once the marbles are done.',
      'Play cards from your hand one at a time and take the actions on each (Move, Pick for Gold, Pan for Gold where there is Water, Bail Water, Resupply, Crosscut Tunnel), or discard a card to move one space.',
      'Whenever your cart is in Town you may sell the gold in it for Town Tokens or points, and buy one Upgrade or one Town Share.',
      'Keep or discard the cards you did not play, then draw back up to four.',
    ],
    end: 'When someone reaches 20 points (25 in the longer game) they take one of the face-down bonus Town Shares, finish their turn, and everyone else has one last turn.',
    scoring:
      'Gold still in a cart scores half (rounded down), then Town Shares are revealed and scored. Most points wins; a tie goes to the player with more Town Tokens.',
  },
  notes: [
    {
      id: 'marble-run',
      text: 'The plastic mountain is replaced by a seeded draw: each marble run takes a random marble from the basin and lands it in a random shaft, 1 to 7, each equally likely.',
    },
    {
      id: 'components',
      text: "The rulebook has no card lists. The marble mix (7 Water, 7 Gold Nuggets, 7 Raw Ore, 1 Fate), the Starting Supplies, the 30 Market cards, the 10 Fate cards, the Town Share values and the Upgrade costs are reconstructions: consistent with the rulebook, and replaced as soon as the publisher's data is known.",
    },
    {
      id: 'fate-on-empty-basin',
      text: "When the Fate marble comes out at the start of a turn and the basin runs dry before the turn's third marble, the rulebook says to stop running marbles, drop the Fate marble back and go on to playing cards; the engine follows that and turns no Fate card. When all three marbles ran, the Fate card is turned as usual, even if the basin is empty now (the Fate marble was among the last three marbles). The option keeps the earlier reading, in which the Fate card is turned in both cases.",
      option: 'fateOnEmptyBasin',
    },
    {
      id: 'claim-jumper',
      text: 'Claim Jumper asks every player to discard a card of their choice: each player chooses in secret, and the discards are shown together once all have chosen.',
    },
    {
      id: 'town-once-per-visit',
      text: 'Town actions (sell, then one Upgrade or one Town Share) can be taken once per visit; leaving Town and coming back in the same turn gives a new visit.',
    },
    {
      id: 'first-player',
      text: 'Nobody can shout "Yee-haw" by mail, so the first player is drawn at random; the creator can choose to go first instead.',
      option: 'firstPlayer',
    },
  ],
};

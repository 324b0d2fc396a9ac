import type { HowToPlay } from '../../core/how-to-play';

/**
 * How to play Snowdonia (Mount Snowdon scenario), summarised from `docs/rules/snowdonia.rulebook.txt`
 * (which stops in the middle of action C) and completed by `docs/rules/README.md` section 2.
 */
export const snowdoniaHowToPlay: HowToPlay = {
  summary: {
    goal: 'Your company helps build the railway up Snowdon: clear Rubble, make Steel Bars and Stone, lay Track, build Stations and fulfil Contracts. Most victory points when the line reaches the summit wins.',
    turn: [
      'Assign Labourers: starting with the Start Player, everyone places one Labourer at a time on an empty Action Space (A Stock Yard, B Excavation, C Works, D Lay Track, E Build, F Site Office, G Move the Surveyor). A Train can bring a third, Temporary Labourer for Coal.',
      'Resolve actions from A to G, space by space. Before each Action Area, players may activate Contracts marked with it.',
      'Restock the Site Office with Contract cards.',
      'Check the Weather: Sun speeds up Excavation and Lay Track, Rain slows them, Fog stops them this round.',
      'Restock the Stock Yard from the Supply Bag; Event cubes drawn move the Event track on, and each event happens at once.',
    ],
    end: 'The game ends when Track is laid on the last Track card below Yr Wyddfa (the round is finished first); with two players also when someone places their 16th Ownership Marker.',
    scoring:
      'Owned Track cards, Station spaces built or excavated, fulfilled Contracts, Train bonuses and the station your Surveyor reached all score. Most points wins; a tie goes to the player with more resources left.',
  },
  notes: [
    {
      id: 'rulebook-cut-off',
      text: "The rulebook text stops in the middle of action C (Works). The rest of Works, and actions D to G, follow the publisher's public material, with reconstructions where it is silent (the Event track, the Track cards' Rubble and points, the Contract values).",
    },
    {
      id: 'build-prerequisite',
      text: "A Station's building spaces can be built only once that Station card has no Rubble left (a reconstruction).",
      option: 'buildPrerequisite',
    },
    {
      id: 'excavation-overlay-build',
      text: 'Once all Rubble is gone at the end of a round, the EXCAVATION overlay closes Excavation and adds a Build space, at every player count. The engine resolves that Build where the overlay lies, with the Excavation area and before Works. The option keeps the earlier reading, which resolved it after action E.',
      option: 'overlayBuildAfterE',
    },
    {
      id: 'event-track',
      text: 'Only events 2 (Trains may be bought) and 6 (Train maintenance) are known; the other events on the Event track are reconstructions: 1 and 5 clear the next two Rubble spaces, 3 and 7 lay track on as many cleared Track cards as the Lay Track Work Rate, 4 and 8 build the remaining spaces of the lowest unfinished Station, all for the railway company (no points). At event 6 each Train owner with a Steel Bar chooses to pay one or lose the Train; an owner without one loses it; a lost Train goes back to the Engine Shed without Coal.',
    },
    {
      id: 'cubes-per-round',
      text: 'Cubes drawn for the Stock Yard each round: 6 with two players, 9 with three, 12 with four or five (a reconstruction).',
    },
    {
      id: 'supply-table',
      text: "The Supply Table's cubes (a reconstruction: 18 Iron Ore, 10 Stone, 4 Coal and 3 Event cubes with two players, more with more) go into the Supply Bag; with five players every cube left goes in. The bag's count of each colour is open to everyone; only which cube comes out next is hidden.",
    },
    {
      id: 'engine-shed-coal',
      text: 'The Coal printed on the Trains in the Engine Shed comes from the box, not from the Supply Table: with two players the table has only 4 Coal, too few for six Trains.',
    },
    {
      id: 'contract-window',
      text: "Before each Action Area resolves, the chance to activate Contracts is offered only to players who hold an unused Contract for that area and have a Labourer there (every Contract effect changes only its holder's own actions in that area). Those players decide together, each in their own time, rather than one after another clockwise from the Start Player as the rulebook words it: nothing one of them activates changes what the others may do, so the order cannot matter. The window closes once each of them has activated or passed.",
    },
    {
      id: 'forced-actions',
      text: 'A mandatory action (Stock Yard, Lay Track, Build) takes at least one cube, one Track card or one build when it can. An action with exactly one possible choice is made for you; one with no possible choice is passed over with a line in the log.',
    },
    {
      id: 'padarn',
      text: "Padarn's extra Build happens only in a round in which its owner has a Labourer on BUILD, after every Build space, and its owner may decline it (a reconstruction).",
    },
    {
      id: 'empty-contract-deck',
      text: 'When the Contract deck runs out it is not reshuffled: the Site Office stays short, and no new Weather disc enters the Weather Track (a reconstruction).',
    },
    {
      id: 'steel-bars',
      text: 'Steel Bars are limited to the 18 in the box: Works cannot make one when none is left.',
    },
    {
      id: 'round-finishes',
      text: "When the end is triggered during a round, the round's remaining actions are still taken, then the game ends without restocking the Site Office, checking the weather or restocking the Stock Yard (a reconstruction). With two players the end also comes when a player places their 16th Ownership Marker.",
    },
    {
      id: 'tie-breaker',
      text: 'A tie on points goes to the player with the most Iron Ore, Stone, Coal, Steel Bars and Rubble left; players still level share the place (a reconstruction).',
    },
    {
      id: 'stations-contracts',
      text: 'A Contract that asks for a number of Stations counts the different Station cards that carry at least one of your Ownership Markers.',
    },
    {
      id: 'public-contracts',
      text: 'Contracts you hold are open to everyone; of the Contract deck only its size and the weather on the back of its top card are known, and of the discard pile its size.',
    },
    {
      id: 'track-cards',
      text: 'The Track cards are reconstructions: Rubble 2 to 5 (47 in all) and 2 to 6 points each, printed on the card for everyone to see; the optional cards carry 0, 6 and 7 Rubble and as many points.',
    },
    {
      id: 'thinner-fog',
      text: "The rulebook's Thinner Fog variant, in which Fog blocks only the last space of Excavation and Lay Track, is available.",
      option: 'thinnerFog',
    },
    {
      id: 'optional-track-cards',
      text: 'The three optional Track cards (0, 6 and 7 Rubble) are left out unless chosen.',
      option: 'optionalTrackCards',
    },
  ],
};

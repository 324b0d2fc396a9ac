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
      text: 'Once all Rubble is gone, the EXCAVATION overlay adds a Build space. The engine resolves that Build where the overlay lies, with the Excavation area and before Works. The option keeps the earlier reading, which resolved it after action E.',
      option: 'overlayBuildAfterE',
    },
    {
      id: 'event-track',
      text: 'Only events 2 (Trains may be bought) and 6 (Train maintenance) are known; the other events on the Event track are reconstructions: Excavate, Track laid, Station built.',
    },
    {
      id: 'cubes-per-round',
      text: 'Cubes drawn for the Stock Yard each round: 6 with two players, 9 with three, 12 with four or five (a reconstruction).',
    },
    {
      id: 'round-finishes',
      text: "When the end is triggered during a round, the round's remaining actions are still taken (a reconstruction).",
    },
    {
      id: 'public-contracts',
      text: 'Contracts you hold are open to everyone; only the order of the Contract deck and the Supply Bag are hidden.',
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

import type { AnyGame } from './types';

/** The games a server offers, by API id. Tests build one with the fixture game added. */
export class GameRegistry {
  private byId = new Map<string, AnyGame>();
  constructor(games: readonly AnyGame[]) {
    for (const g of games) {
      if (this.byId.has(g.id)) throw new Error(`duplicate game id ${g.id}`);
      this.byId.set(g.id, g);
    }
  }
  /** The game with this id, or undefined. */
  get(id: string): AnyGame | undefined {
    return this.byId.get(id);
  }
  /** All games, in registration order. */
  list(): AnyGame[] {
    return [...this.byId.values()];
  }
  /** A new registry with more games (used by tests to add fixtures). */
  with(...games: AnyGame[]): GameRegistry {
    return new GameRegistry([...this.list(), ...games]);
  }
}

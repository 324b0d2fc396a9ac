/**
 * The game page's parts beside and below the board that every visit shows: the log and the chat.
 * One chunk, loaded once the board has been drawn (or at once for a game still waiting for
 * players), so parsing and running them never holds up the board's first drawing on a slow phone.
 * Their elements are in the page's template from the start and upgrade when this arrives. The
 * folded sections under them load when opened (client/game-page/folds.ts).
 */
import '../components/mp-chat-panel';
import '../components/mp-game-log';

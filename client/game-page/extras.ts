/**
 * The game page's parts beside and below the board: the log, the chat, "About this game", the
 * game's webhook and its email replies. One chunk, loaded once the board has been drawn (or at once
 * for a game still waiting for players), so parsing and running them never holds up the board's
 * first drawing on a slow phone. Their elements are in the page's template from the start
 * and upgrade when this arrives.
 */
import '../components/mp-about-game';
import '../components/mp-chat-panel';
import '../components/mp-game-email-replies';
import '../components/mp-game-hook';
import '../components/mp-game-log';

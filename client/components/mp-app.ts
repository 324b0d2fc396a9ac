import { LitElement, css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { api, messageOf, UNAUTHORIZED_EVENT, ApiError } from '../api';
import {
  LOCATION_EVENT,
  clientLinkTarget,
  isOpenToVisitors,
  matchRoute,
  navigate,
  rememberReturnPath,
  takeReturnPath,
  type Route,
} from '../router';
import { ConnectivityController } from '../connectivity';
import { PollController } from '../poll-controller';
import { shared } from '../styles';
import type { GameSummary, Me, MeAnswer } from '../api-types';
import { showWaiting, waitingCount } from '../waiting';
import { loadScreen } from '../screens';
import { nameQuestionPutOff } from '../name-question';
import { drawOnDemand } from '../on-demand';
import './mp-next-game';
import './mp-skip-link';
// The game page is in the main bundle; every other screen is its own chunk (client/screens.ts).
import './mp-game-page';

/**
 * The app shell: header with navigation and the signed-in player, and the screen for the
 * current path. It owns who is signed in (`me`) and passes it down to the screens. A signed-out
 * visitor may watch a public game from its link and use the record checker; everything else
 * asks them to sign in first. It polls "My games" while someone is signed in (the list on the
 * home screen, and the number of games waiting for you in the tab title and on the app badge),
 * and shows a banner while offline. A new account (`nameChosen` false) is asked for a display
 * name on My games (mp-name-dialog.ts, loaded only then). Over 400 lines for its own styles (the
 * header, the main area, the offline banner), which no other file uses.
 */
@customElement('mp-app')
export class MpApp extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        min-height: 100vh;
        display: flex;
        flex-direction: column;
      }
      header {
        background: var(--mp-header-bg);
        color: var(--mp-header-text);
        border-bottom: 1px solid var(--mp-border);
      }
      .bar {
        max-width: 60rem;
        margin: 0 auto;
        padding: 0.5rem 1rem;
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.25rem 1rem;
      }
      .brand {
        display: inline-flex;
        align-items: center;
        gap: 0.4rem;
        font-weight: 700;
        font-size: 1.1rem;
        color: inherit;
        text-decoration: none;
        margin-right: auto;
      }
      .brand svg {
        width: 1.6rem;
        height: 1.6rem;
      }
      nav {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem 0.9rem;
        align-items: center;
      }
      nav a {
        color: inherit;
        text-decoration: none;
        padding: 0.3rem 0;
        border-bottom: 2px solid transparent;
      }
      nav a[aria-current='page'] {
        border-bottom-color: currentColor;
      }
      .who {
        display: inline-flex;
        align-items: center;
        gap: 0.5rem;
        font-size: 0.9rem;
      }
      .who button {
        min-height: 2rem;
        padding: 0.2rem 0.6rem;
        font-size: 0.85rem;
      }
      .who .email {
        max-width: 12rem;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      @media (max-width: 40rem) {
        /* Phone: brand and the player on the first row, the navigation below. */
        .bar {
          padding: 0.4rem 0.75rem;
        }
        nav {
          order: 3;
          width: 100%;
          /* The links wrap to a second row rather than scroll: a header never cuts an item. */
          flex-wrap: wrap;
          gap: 0 0.8rem;
          white-space: nowrap;
        }
        .who .email {
          max-width: 8rem;
        }
        /*
         * The game page: the board and the step's controls share the first screen with the
         * header, so it takes two rows where it fits (the brand as its symbol alone, named by its
         * label; "Next game" and the player; then the links) in a smaller type. Every item
         * stays whole: what does not fit wraps to a row of its own.
         */
        header.compact .bar {
          padding: 0.2rem 0.75rem;
          gap: 0 0.5rem;
          font-size: 0.85rem;
        }
        header.compact .brand {
          margin-right: 0;
        }
        header.compact .brand-name {
          display: none;
        }
        header.compact nav {
          gap: 0 0.7rem;
        }
        header.compact nav a {
          padding: 0.15rem 0;
        }
        header.compact .who {
          margin-left: auto;
          gap: 0.35rem;
          font-size: 0.85rem;
        }
        header.compact .who button {
          min-height: 1.75rem;
          padding: 0.1rem 0.5rem;
          font-size: 0.8rem;
        }
        header.compact .who .email {
          max-width: 6rem;
        }
      }
      .offline {
        margin: 0;
        padding: 0.5rem 1rem;
        text-align: center;
        background: var(--mp-notice-bg);
        border-bottom: 1px solid var(--mp-notice-border);
      }
      main {
        flex: 1;
        width: 100%;
        max-width: 60rem;
        margin: 0 auto;
        padding: 1rem;
      }
      /* A game uses a wide screen: the board beside the side column. */
      main.wide {
        max-width: 90rem;
      }
      @media (max-width: 40rem) {
        main {
          padding: 0.75rem;
        }
      }
    `,
  ];

  /** undefined while loading, null when signed out. */
  @state() private me: Me | null | undefined = undefined;
  /** The signed-in account is an operator (its address is in ADMIN_EMAILS): the header links the reports queue. */
  @state() private operator = false;
  /** A new account (`nameChosen` false) is asked for a display name: the name to offer, or null. */
  @state() private askName: string | null = null;
  @state() private route: Route = matchRoute(location.pathname, location.search);
  @state() private loadError: string | null = null;
  /** The record checker carries every game's engine: loaded the first time /verify is shown. */
  @state() private verifyReady = false;
  private verifyLoading: Promise<unknown> | null = null;
  /** A screen's chunk could not be loaded (client/screens.ts): why. */
  @state() private screenError: string | null = null;
  /** /api/me could not be reached (offline): neither signed in nor out yet. */
  @state() private unreachable = false;
  /** While unreachable, /api/me is tried again now and then (a server that was down sends no event). */
  private retryMe: ReturnType<typeof setTimeout> | undefined;

  /** "My games", polled for the whole session (the only poll of the list). */
  private readonly games = new PollController<{ games: GameSummary[] }>(this, {
    url: () => (this.me ? '/api/games' : null),
    timing: { visibleMs: 15_000, hiddenMs: 60_000 },
    onData: (d) => showWaiting(waitingCount(d.games)),
  });

  private readonly net = new ConnectivityController(this, () => {
    if (this.unreachable) void this.loadMe();
    else void this.games.refresh();
  });

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('popstate', this.onLocation);
    window.addEventListener(LOCATION_EVENT, this.onLocation);
    window.addEventListener(UNAUTHORIZED_EVENT, this.onUnauthorized);
    this.addEventListener('click', this.onClick);
    void this.loadMe();
  }

  override disconnectedCallback(): void {
    window.removeEventListener('popstate', this.onLocation);
    window.removeEventListener(LOCATION_EVENT, this.onLocation);
    window.removeEventListener(UNAUTHORIZED_EVENT, this.onUnauthorized);
    this.removeEventListener('click', this.onClick);
    clearTimeout(this.retryMe);
    super.disconnectedCallback();
  }

  private readonly loadMe = async (): Promise<void> => {
    try {
      const me = await api<MeAnswer>('GET', '/api/me');
      this.operator = me.operator;
      this.me = me;
      this.askName = me.nameChosen || nameQuestionPutOff(me.id) ? null : (me.suggestedName ?? '');
      this.loadError = null;
      this.unreachable = false;
      // Back from the emailed link: go where the player was heading (an invite, say).
      if (this.route.name === 'home') {
        const back = takeReturnPath();
        if (back) navigate(back, { replace: true });
      }
    } catch (err) {
      this.unreachable = err instanceof ApiError && err.status === 0;
      if (err instanceof ApiError && err.status === 401) {
        this.me = null;
      } else if (this.unreachable) {
        // Opened from the offline copy: say so instead of offering to sign in.
        this.me = undefined;
        clearTimeout(this.retryMe);
        this.retryMe = setTimeout(() => void this.loadMe(), 10_000);
      } else {
        this.me = null;
        this.loadError = messageOf(err);
      }
    }
  };

  protected override willUpdate(): void {
    // Signed out on a deep link (an invite, say): come back here after signing in.
    if (this.me === null && this.route.name !== 'home') rememberReturnPath(location.pathname + location.search);
    if (this.route.name === 'verify') this.loadVerify();
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('me')) {
      const before = changed.get('me') as Me | null | undefined;
      if (before?.id !== this.me?.id) {
        this.games.reset();
        showWaiting(0);
      }
      if (this.me) void this.games.refresh();
    } else if (changed.has('route') && this.route.name === 'home' && this.me) {
      // The list on screen should be the current one, not the last background poll's.
      void this.games.refresh();
    }
  }

  private loadVerify(): void {
    if (this.verifyLoading) return;
    this.verifyLoading = import('./mp-verify-page').then(
      () => (this.verifyReady = true),
      (err) => {
        this.verifyLoading = null;
        this.loadError = `The record checker could not be loaded: ${messageOf(err)}`;
      },
    );
  }

  /** `view` once the element `tag` is defined; until its chunk is in, a line saying so. */
  private screen(tag: string, view: unknown) {
    if (customElements.get(tag)) return view;
    void loadScreen(tag).then(
      () => {
        this.screenError = null;
        this.requestUpdate();
      },
      (err: unknown) => (this.screenError = `This page could not be loaded: ${messageOf(err)}`),
    );
    return this.screenError
      ? html`<p class="error" role="alert">${this.screenError}</p>
          <button type="button" @click=${() => (this.screenError = null)}>Try again</button>`
      : html`<p class="muted">Loading…</p>`;
  }

  /** The first sign-in's question: a chunk of its own, since an account sees it once or twice. */
  private nameDialog(me: Me, suggested: string) {
    drawOnDemand('mp-name-dialog', () => import('./mp-name-dialog'));
    return html`<mp-name-dialog .me=${me} .suggested=${suggested}></mp-name-dialog>`;
  }

  private readonly onLocation = (): void => {
    this.route = matchRoute(location.pathname, location.search);
    window.scrollTo(0, 0);
  };

  private readonly onUnauthorized = (): void => {
    if (this.me) this.me = null;
  };

  private readonly onClick = (e: MouseEvent): void => {
    const target = clientLinkTarget(e);
    if (target === null) return;
    e.preventDefault();
    if (target !== location.pathname + location.search + location.hash) navigate(target);
  };

  private async signOut(): Promise<void> {
    try {
      await api('POST', '/api/auth/logout');
    } catch {
      /* signed out either way */
    }
    this.me = null;
    navigate('/');
  }

  private renderHeader() {
    const r = this.route.name;
    const me = this.me;
    // The game page's two-row header has "Next game" on the first row, beside the player; elsewhere it leads the links.
    const compact = r === 'game';
    // On a game page "Next game" means another game: the one on screen is left out of the count and the link.
    const next = html`<mp-next-game .stamp=${this.games.data} .current=${this.route.name === 'game' ? this.route.id : null}></mp-next-game>`;
    return html`${r === 'game' ? html`<mp-skip-link target="turn-bar" fallback="mp-turn-bar"></mp-skip-link>` : nothing}<header
        class=${compact ? 'compact' : ''}
      >
      <div class="bar">
        <a class="brand" href="/" aria-label="Mountain Post">
          <svg viewBox="0 0 32 32" aria-hidden="true">
            <path d="M2 27 L12 9 L17 17 L21 12 L30 27 Z" fill="currentColor" opacity="0.9" />
            <rect x="9" y="19" width="10" height="7" rx="1" fill="var(--mp-header-bg)" stroke="currentColor" stroke-width="1.5" />
            <path d="M9 19 L14 23 L19 19" fill="none" stroke="currentColor" stroke-width="1.5" />
          </svg>
          <span class="brand-name">Mountain Post</span>
        </a>
        ${
          me
            ? html`${compact ? next : nothing}
              <nav aria-label="Main">
                ${compact ? nothing : next}
                <a href="/" aria-current=${r === 'home' ? 'page' : nothing}>My games</a>
                <a href="/lobby" aria-current=${r === 'lobby' ? 'page' : nothing}>Lobby</a>
                <a href="/new" aria-current=${r === 'new' ? 'page' : nothing}>New game</a>
                <a href="/settings" aria-current=${r === 'settings' ? 'page' : nothing}>Settings</a>
                <a href="/verify" aria-current=${r === 'verify' ? 'page' : nothing}>Verify</a>
                ${this.operator ? html`<a href="/admin/reports" aria-current=${r === 'admin-reports' ? 'page' : nothing}>Reports</a>` : nothing}
              </nav>
              <span class="who"
                ><span class="email" title=${me.email}>${me.name || me.email}</span>
                <button @click=${this.signOut}>Sign out</button></span
              >`
            : me === null && r !== 'home'
              ? html`<span class="who"><a class="button" href="/">Sign in</a></span>`
              : nothing
        }
      </div>
    </header>`;
  }

  private renderScreen() {
    if (this.me === undefined && this.unreachable) {
      return html`<section class="card">
        <h1>Mountain Post</h1>
        <p>The server cannot be reached, so your games cannot be shown. They appear here once you are back online.</p>
        <button type="button" @click=${this.loadMe}>Try again</button>
      </section>`;
    }
    if (this.me === undefined) return html`<p class="muted">Loading…</p>`;
    const route = this.route;
    if (!this.me && isOpenToVisitors(route)) return this.renderRoute(route, null);
    if (!this.me) {
      const error = this.loadError ? html`<p class="error" role="alert">${this.loadError}</p>` : nothing;
      // The start page says what the games are; a deep link says why it needs a sign-in.
      if (route.name === 'home') return this.screen('mp-landing', html`${error}<mp-landing></mp-landing>`);
      return this.screen(
        'mp-sign-in',
        html`${error}
          <mp-sign-in .reason=${route.name === 'game' && route.invite ? 'invite' : route.name === 'play' ? 'bot' : 'required'}></mp-sign-in>`,
      );
    }
    return this.renderRoute(route, this.me);
  }

  private renderRoute(route: Route, me: Me | null) {
    switch (route.name) {
      case 'home':
        return this.screen(
          'mp-game-list',
          html`<mp-game-list .me=${me} .games=${this.games.data?.games} .error=${this.games.error}></mp-game-list>`,
        );
      case 'next':
        return this.screen('mp-next-page', html`<mp-next-page></mp-next-page>`);
      case 'new':
        return this.screen('mp-new-game-form', html`<mp-new-game-form .me=${me}></mp-new-game-form>`);
      case 'game':
        return html`<mp-game-page .me=${me} .gameId=${route.id} .invite=${route.invite} .seatHint=${route.seat ?? null}></mp-game-page>`;
      case 'how-to-play':
        return this.screen('mp-how-to-play', html`<mp-how-to-play .gameType=${route.type}></mp-how-to-play>`);
      case 'lobby':
        return this.screen('mp-lobby', html`<mp-lobby .me=${me}></mp-lobby>`);
      case 'player':
        return this.screen('mp-player-page', html`<mp-player-page .me=${me} .playerId=${route.id}></mp-player-page>`);
      case 'leaderboard':
        return this.screen('mp-leaderboard', html`<mp-leaderboard .gameType=${route.type}></mp-leaderboard>`);
      case 'play':
        return this.screen('mp-play-bot', html`<mp-play-bot .type=${route.type}></mp-play-bot>`);
      case 'settings':
        return this.screen(
          'mp-settings-page',
          html`<mp-settings-page .me=${me} @mp-me-changed=${(e: CustomEvent<Me>) => (this.me = e.detail)}></mp-settings-page>`,
        );
      case 'admin-reports':
        return this.operator
          ? this.screen('mp-admin-reports', html`<mp-admin-reports></mp-admin-reports>`)
          : html`<h1>Reports</h1><p>Only operators see the reports queue.</p>`;
      case 'account-delete':
        return this.screen(
          'mp-account-delete',
          html`<mp-account-delete
            .token=${route.token}
            @mp-signed-out=${() => {
              this.me = null;
              this.operator = false;
            }}
          ></mp-account-delete>`,
        );
      case 'verify':
        return this.verifyReady
          ? html`<mp-verify-page .gameId=${route.game}></mp-verify-page>`
          : html`${this.loadError ? html`<p class="error" role="alert">${this.loadError}</p>` : html`<p class="muted">Loading the record checker…</p>`}`;
      default:
        return html`<h1>Page not found</h1>
          <p>There is nothing at <code>${route.path}</code>. <a href="/">Back to ${me ? 'your games' : 'the start page'}</a>.</p>`;
    }
  }

  override render() {
    return html`${this.renderHeader()}
      ${
        this.net.offline
          ? html`<p class="offline" role="status" data-offline>
            You are offline. Moves are turned off until the connection is back; nothing is sent or kept for later.
          </p>`
          : nothing
      }
      <main
        class=${this.route.name === 'game' ? 'wide' : ''}
        @mp-me-changed=${(e: CustomEvent<Me>) => {
          this.me = e.detail;
          this.askName = null;
        }}
        @mp-name-later=${() => (this.askName = null)}
      >
        ${this.me && this.askName !== null && this.route.name === 'home' ? this.nameDialog(this.me, this.askName) : nothing}
        ${this.renderScreen()}
      </main>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-app': MpApp;
  }
}

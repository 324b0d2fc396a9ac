import { LitElement, css, html } from 'lit';
import { customElement } from 'lit/decorators.js';
import { shared } from '../styles';
import './mp-game-cards';
import './mp-lobby';
import './mp-sign-in';

/**
 * The start page for a signed-out visitor: what Mountain Post is, the games with a picture
 * of each board and "Play against a bot" (one click once signed in), sign-in, and the public
 * games one may join or watch.
 */
@customElement('mp-landing')
export class MpLanding extends LitElement {
  static override styles = [
    shared,
    css`
      .intro {
        display: grid;
        grid-template-columns: minmax(0, 1fr) minmax(0, 24rem);
        gap: 1rem 2rem;
        align-items: start;
      }
      @media (max-width: 48rem) {
        .intro {
          grid-template-columns: minmax(0, 1fr);
        }
      }
      h1 {
        margin-top: 0;
      }
      mp-sign-in {
        margin: 0;
      }
      section {
        margin-top: 1.5rem;
      }
      h2 {
        font-size: 1.25rem;
      }
    `,
  ];

  override render() {
    return html`<div class="intro">
        <div>
          <h1>Board games by mail</h1>
          <p>
            Play the board games below with friends, strangers or a bot, one move whenever you have a minute. You get an email (or a push or chat message) when it is your turn.
          </p>
          <p class="muted">Sign in with your email address: no password. Then a game against the bot is one click away.</p>
        </div>
        <mp-sign-in .reason=${'landing'}></mp-sign-in>
      </div>
      <section aria-labelledby="games-h">
        <h2 id="games-h">The games</h2>
        <mp-game-cards></mp-game-cards>
      </section>
      <section>
        <mp-lobby .heading=${false}></mp-lobby>
      </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-landing': MpLanding;
  }
}

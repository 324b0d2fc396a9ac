import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';

/**
 * A toggletip: the slotted symbol becomes a small button that shows `text` in a bubble on tap or
 * click, on keyboard focus and on mouse hover; Escape, a second tap or a tap elsewhere closes it.
 * Made for board symbols whose meaning used to live only in a `title` (which touch screens never
 * show). The button is named by its content (or by `label` when the content is only a symbol)
 * and described by `text`, so a screen reader has both while the bubble is closed; the bubble
 * is a polite status region, so the text is read again when it opens.
 *
 * Usage: `<mp-tip text="Fate marble: ...">${symbol}</mp-tip>`.
 */
@customElement('mp-tip')
export class MpTip extends LitElement {
  static override styles = css`
    :host {
      display: inline-block;
      position: relative;
    }
    button {
      font: inherit;
      color: inherit;
      background: none;
      border: 0;
      padding: 0;
      margin: 0;
      /* A target of at least 24x24 CSS px (WCAG 2.2 target size), however small its symbol. */
      min-height: 24px;
      min-width: 24px;
      vertical-align: middle;
      cursor: help;
      display: inline-flex;
      align-items: center;
      justify-content: center;
      gap: 0.2rem;
      border-radius: 0.25rem;
      text-align: inherit;
    }
    button:focus-visible {
      outline: 3px solid var(--mp-focus, #1a5fb4);
      outline-offset: 2px;
      box-shadow: 0 0 0 2px var(--mp-focus-inner, #fff);
    }
    .bubble {
      position: absolute;
      z-index: 20;
      left: 50%;
      top: calc(100% + 0.35rem);
      transform: translateX(-50%);
      width: max-content;
      max-width: min(16rem, 80vw);
      padding: 0.4rem 0.55rem;
      border-radius: 0.4rem;
      background: var(--mp-text, #1c2430);
      color: var(--mp-bg, #f4f6f8);
      font-size: 0.8rem;
      font-weight: 400;
      line-height: 1.3;
      text-align: left;
      white-space: normal;
      box-shadow: 0 2px 8px #0005;
    }
    .bubble:empty {
      display: none;
    }
  `;

  /** What the symbol means: shown in the bubble. */
  @property() text = '';
  /** The button's accessible name, for content that has no words of its own (a coloured dot). */
  @property() label = '';

  @state() private open = false;
  /** Opened by a click or tap (stays until closed), not just by hover or focus. */
  private pinned = false;

  private readonly outside = (e: Event) => {
    if (!e.composedPath().includes(this)) this.close();
  };

  private readonly onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && this.open) this.close();
  };

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('pointerdown', this.outside, true);
    document.removeEventListener('keydown', this.onKey);
  }

  private show(pin: boolean): void {
    this.pinned ||= pin;
    if (this.open) return;
    this.open = true;
    document.addEventListener('pointerdown', this.outside, true);
    document.addEventListener('keydown', this.onKey);
  }

  private close(): void {
    this.open = false;
    this.pinned = false;
    document.removeEventListener('pointerdown', this.outside, true);
    document.removeEventListener('keydown', this.onKey);
  }

  private toggle(e: Event): void {
    // The symbol may sit inside a clickable part of the board: the tip answers the tap itself.
    e.stopPropagation();
    if (this.open && this.pinned) this.close();
    else this.show(true);
  }

  /** Keeps an open bubble inside the window (tips near a phone's edge would overflow it). */
  protected override updated(): void {
    const bubble = this.renderRoot.querySelector<HTMLElement>('.bubble');
    if (!bubble || !this.open) return;
    bubble.style.marginLeft = '0px';
    const r = bubble.getBoundingClientRect();
    const room = document.documentElement.clientWidth - 8;
    const shift = r.right > room ? room - r.right : r.left < 8 ? 8 - r.left : 0;
    if (shift) bubble.style.marginLeft = `${shift}px`;
  }

  override render() {
    return html`<button
        type="button"
        aria-label=${this.label || nothing}
        aria-describedby="said"
        aria-expanded=${this.open ? 'true' : 'false'}
        @click=${this.toggle}
        @mouseenter=${() => this.show(false)}
        @mouseleave=${() => !this.pinned && this.close()}
        @focus=${() => this.show(false)}
        @blur=${() => !this.pinned && this.close()}
      >
        <slot></slot></button
      ><span id="said" hidden>${this.text}</span><span class="bubble" role="status">${this.open ? this.text : nothing}</span>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-tip': MpTip;
  }
}

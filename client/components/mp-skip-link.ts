import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';

/** The first element matching CSS `selector` in `root` or any open shadow root below it, or null. */
export function findDeep(root: Document | ShadowRoot, selector: string): HTMLElement | null {
  const hit = root.querySelector(selector);
  if (hit instanceof HTMLElement) return hit;
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const inner = el.shadowRoot && findDeep(el.shadowRoot, selector);
    if (inner) return inner;
  }
  return null;
}

/**
 * A skip link, the first thing a keyboard reaches on the page: hidden until focused, it moves
 * focus to the element with id `target`, or else to the first match of `fallback` (a CSS
 * selector). A plain `#id` link cannot reach an element inside the components' shadow roots, so
 * the click finds it through them and focuses it (giving it tabindex=-1 when it is not focusable
 * by itself).
 */
@customElement('mp-skip-link')
export class MpSkipLink extends LitElement {
  static override styles = css`
    a {
      position: absolute;
      left: 0.5rem;
      top: -4rem;
      z-index: 100;
      padding: 0.5rem 0.9rem;
      border-radius: 0.4rem;
      background: var(--mp-surface, #fff);
      color: var(--mp-link, #1d5d99);
      font-weight: 600;
    }
    a:focus {
      top: 0.5rem;
      outline: 3px solid var(--mp-focus, #1a5fb4);
      outline-offset: 2px;
    }
  `;

  /** The id of the element to skip to. */
  @property() target = '';
  /** A CSS selector to skip to when no element has the id `target`. */
  @property() fallback = '';
  /** The link's words. */
  @property() text = 'Skip to your moves';

  private go(e: Event): void {
    const el = findDeep(document, `#${CSS.escape(this.target)}`) ?? (this.fallback ? findDeep(document, this.fallback) : null);
    if (!el) return; // nothing to skip to yet: let the browser follow the fragment
    e.preventDefault();
    if (!el.matches('a[href], button, input, select, textarea, [tabindex]')) el.setAttribute('tabindex', '-1');
    el.scrollIntoView({ block: 'nearest' });
    el.focus();
  }

  override render() {
    return html`<a href="#${this.target}" @click=${this.go}>${this.text}</a>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-skip-link': MpSkipLink;
  }
}

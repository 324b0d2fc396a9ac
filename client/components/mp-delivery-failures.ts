import { LitElement, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { DeliveryFailure } from '../api-types';
import { failureTarget, kindText } from '../notification-settings';
import { shared } from '../styles';
import { shortDateTime } from '../time';
import { settingsStyles } from './settings-styles';

/** Notifications that were retried for a day and then given up; Refresh asks the page for the list again (`mp-refresh`). */
@customElement('mp-delivery-failures')
export class MpDeliveryFailures extends LitElement {
  static override styles = [shared, settingsStyles];

  @property({ attribute: false }) failures: DeliveryFailure[] = [];
  /** Why the list could not be refreshed, if it could not. */
  @property({ attribute: false }) error: string | null = null;

  override render() {
    const list = this.failures;
    return html`<section class="card" aria-labelledby="failures-h">
      <h2 id="failures-h">Failed deliveries</h2>
      ${
        list.length === 0
          ? html`<p class="muted">None: every notification that was due has been delivered or is still being retried.</p>`
          : html`<p class="muted">These were retried for at least a day and then given up.</p>
            <ul class="failures">
              ${list.map(
                (x) => html`<li>
                  <div class="what">${kindText(x.kind)} · ${failureTarget(x)}</div>
                  <div class="detail">
                    ${shortDateTime(x.at)} · ${x.attempts} attempt${x.attempts === 1 ? '' : 's'}${
                      x.lastError ? html` · last error: ${x.lastError}` : nothing
                    }
                  </div>
                </li>`,
              )}
            </ul>`
      }
      ${this.error ? html`<p class="error">${this.error}</p>` : nothing}
      <p><button type="button" @click=${() => this.dispatchEvent(new Event('mp-refresh'))}>Refresh</button></p>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-delivery-failures': MpDeliveryFailures;
  }
}

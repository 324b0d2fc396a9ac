import { LitElement, css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { api, messageOf } from '../api';
import {
  PUSH_PATHS,
  currentSubscription,
  enablePush,
  fetchPublicKey,
  pushSupported,
  listDevices,
  removeDevice,
  thisDeviceId,
  failingLine,
  type PushDevice,
} from '../push';
import { shared } from '../styles';
import { shortDateTime } from '../time';

/** What the section can offer: decided once the server's key (or its absence) is known. */
type Availability = 'loading' | 'unconfigured' | 'ready' | 'error';

/**
 * The settings page's "Push notifications" section: turns Web Push on for this device (the
 * browser asks for permission only on that click), lists the devices that receive push with a
 * Remove button each, and sends a test. When this browser cannot receive push, or the server has
 * no push keys, it says so in one line instead of the button.
 */
@customElement('mp-push-settings')
export class MpPushSettings extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
      }
      ul.devices {
        list-style: none;
        padding: 0;
        margin: 0;
        display: grid;
        gap: 0.5rem;
      }
      ul.devices li {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: space-between;
        gap: 0.25rem 0.75rem;
        border: 1px solid var(--mp-border);
        border-radius: 0.5rem;
        padding: 0.5rem 0.75rem;
      }
      .device {
        min-width: 0;
        overflow-wrap: anywhere;
      }
      .device .name {
        font-weight: 600;
      }
      .device .when {
        font-size: 0.85rem;
        color: var(--mp-muted);
      }
      .status {
        min-height: 1.25rem;
      }
    `,
  ];

  @state() private availability: Availability = 'loading';
  @state() private loadError: string | null = null;
  @state() private devices: PushDevice[] = [];
  /** This browser's push endpoint, when it has a subscription. */
  @state() private endpoint: string | null = null;
  @state() private busy = false;
  @state() private message: { ok: boolean; text: string } | null = null;

  private publicKey: string | null = null;
  private readonly supported = pushSupported();

  override connectedCallback(): void {
    super.connectedCallback();
    void this.load();
  }

  private async load(): Promise<void> {
    this.availability = 'loading';
    this.loadError = null;
    try {
      this.publicKey = await fetchPublicKey();
      if (!this.publicKey) {
        this.availability = 'unconfigured';
        return;
      }
      await this.reloadDevices();
      this.availability = 'ready';
    } catch (err) {
      this.loadError = messageOf(err);
      this.availability = 'error';
    }
  }

  private async reloadDevices(): Promise<void> {
    const [devices, sub] = await Promise.all([listDevices(), currentSubscription().catch(() => null)]);
    this.devices = devices;
    this.endpoint = sub?.endpoint ?? null;
  }

  /** The list's row for this browser, when it subscribed and is still on the server's list. */
  private get thisDevice(): PushDevice | null {
    const id = thisDeviceId(this.endpoint);
    return (id !== null && this.devices.find((d) => d.id === id)) || null;
  }

  private async act(what: () => Promise<unknown>, done: string): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.message = null;
    try {
      await what();
      this.message = { ok: true, text: done };
    } catch (err) {
      this.message = { ok: false, text: messageOf(err) };
    } finally {
      this.busy = false;
    }
  }

  private readonly turnOn = () =>
    this.act(async () => {
      await enablePush(this.publicKey!);
      await this.reloadDevices();
    }, 'Push is on for this device.');

  private readonly removeOne = (d: PushDevice) =>
    this.act(async () => {
      await removeDevice(d);
      await this.reloadDevices();
    }, `Removed ${d.name}.`);

  private readonly sendTest = (d: PushDevice) =>
    this.act(() => api('POST', PUSH_PATHS.test(d.id)), `Test notification sent to ${d.name}. It may take a few seconds to arrive.`);

  private renderDevice(d: PushDevice, mine: boolean) {
    const since = d.createdAt ? shortDateTime(d.createdAt) : null;
    const label = d.name;
    return html`<li>
      <div class="device">
        <div class="name">${label}${mine ? ' (this device)' : ''}</div>
        ${since ? html`<div class="when">Added ${since}</div>` : nothing}
        ${failingLine(d.failing, shortDateTime) ? html`<div class="when" data-failing>${failingLine(d.failing, shortDateTime)}</div>` : nothing}
      </div>
      <div class="row">
        <button type="button" ?disabled=${this.busy} aria-label="Send a test notification to ${label}" @click=${() => this.sendTest(d)}>Send a test</button>
        <button type="button" ?disabled=${this.busy} aria-label="Remove ${label}" @click=${() => this.removeOne(d)}>Remove</button>
      </div>
    </li>`;
  }

  private renderThisDevice() {
    if (!this.supported) {
      return html`<p class="muted" data-push="unsupported">
        This browser cannot receive push notifications (on an iPhone or iPad, add Mountain Post to the Home Screen first).
      </p>`;
    }
    if (this.thisDevice) return html`<p data-push="on">Push is on for this device.</p>`;
    // After a refused click the error line below already says this: not twice.
    if (Notification.permission === 'denied' && this.message?.ok !== false) {
      return html`<p class="muted" data-push="blocked">Notifications are blocked for this site in this browser’s settings.</p>`;
    }
    return html`<p>
      <button class="primary" type="button" ?disabled=${this.busy} @click=${this.turnOn}>Turn on push for this device</button>
    </p>`;
  }

  override render() {
    const heading = html`<h2 id="push-h">Push notifications</h2>`;
    if (this.availability === 'loading') {
      return html`<section class="card" aria-labelledby="push-h">${heading}<p class="muted">Loading…</p></section>`;
    }
    if (this.availability === 'unconfigured') {
      return html`<section class="card" aria-labelledby="push-h">
        ${heading}
        <p class="muted" data-push="unconfigured">Push notifications are not set up on this server.</p>
      </section>`;
    }
    if (this.availability === 'error') {
      return html`<section class="card" aria-labelledby="push-h">
        ${heading}
        <p class="error" role="alert">${this.loadError}</p>
        <button type="button" @click=${this.load}>Try again</button>
      </section>`;
    }
    return html`<section class="card" aria-labelledby="push-h">
      ${heading}
      <p class="muted">A notification on your phone or computer when it is your turn, even with Mountain Post closed.</p>
      ${this.renderThisDevice()}
      ${
        this.devices.length
          ? html`<h3>Devices that get push notifications</h3>
            <ul class="devices">
              ${this.devices.map((d) => this.renderDevice(d, d === this.thisDevice))}
            </ul>`
          : html`<p class="muted">No device gets push notifications yet.</p>`
      }
      <div class="status" role="status">
        ${this.message ? html`<span class=${this.message.ok ? 'muted' : 'error'}>${this.message.text}</span>` : nothing}
      </div>
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-push-settings': MpPushSettings;
  }
}

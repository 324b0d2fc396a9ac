import { css, html, nothing } from 'lit';
import type { WebhookFormat } from '../api-types';
import { WEBHOOK_FORMATS, type WebhookDraft, type WebhookField } from '../notification-settings';

/**
 * The fields of a webhook (URL, format, Discord mention, and for signed JSON the secret with how
 * to check a signature), drawn inside the caller's own form and shadow root so labels, Enter to
 * submit and the caller's Save button all work as usual. Used by the settings page (account
 * webhook) and the game page (a webhook for one game). The caller owns the draft.
 */
export interface WebhookFieldsProps {
  /** Prefix of element ids, unique within the caller's shadow root. */
  id: string;
  draft: WebhookDraft;
  /** The saved secret of a json webhook, when there is one. */
  secret: string | null;
  errors: Partial<Record<WebhookField, string>>;
  onChange: (draft: WebhookDraft) => void;
}

export const webhookFieldsStyles = css`
  .wh {
    display: grid;
    gap: 0.75rem;
  }
  /* Set, not inherited: inside a <details> the chain passes through its UA shadow (content-box). */
  .wh,
  .wh * {
    box-sizing: border-box;
  }
  .wh input:not([type='checkbox']),
  .wh select {
    width: 100%;
  }
  .wh .hint {
    font-size: 0.85rem;
    color: var(--mp-muted);
    margin: 0.2rem 0 0;
  }
  .wh .field-error {
    font-size: 0.9rem;
    color: var(--mp-error-text);
    margin: 0.2rem 0 0;
  }
  .wh .secret {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.85rem;
  }
  .wh pre {
    overflow-x: auto;
    font-size: 0.8rem;
    background: var(--mp-bg);
    border: 1px solid var(--mp-border);
    border-radius: 0.4rem;
    padding: 0.5rem;
    margin: 0.5rem 0 0;
  }
  .wh details summary {
    cursor: pointer;
  }
`;

const NODE_EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (a string or Buffer)
const sig = String(req.headers['x-signature'] ?? '');
const expected = 'sha256=' + createHmac('sha256', secret).update(rawBody).digest('hex');
const ts = Number(req.headers['x-timestamp']);
const ok =
  sig.length === expected.length &&
  timingSafeEqual(Buffer.from(sig), Buffer.from(expected)) &&
  Math.abs(Date.now() / 1000 - ts) <= 300;`;

export function webhookFields(p: WebhookFieldsProps) {
  const d = p.draft;
  const set = (patch: Partial<WebhookDraft>) => p.onChange({ ...d, ...patch });
  const err = (f: WebhookField) => (p.errors[f] ? html`<p class="field-error" id="${p.id}-${f}-error">${p.errors[f]}</p>` : nothing);
  return html`<div class="wh">
    <div>
      <label for="${p.id}-url">Webhook URL</label>
      <input
        id="${p.id}-url"
        type="url"
        inputmode="url"
        autocomplete="off"
        spellcheck="false"
        placeholder="https://"
        maxlength="2000"
        .value=${d.url}
        aria-invalid=${p.errors.url ? 'true' : 'false'}
        aria-describedby=${p.errors.url ? `${p.id}-url-error` : nothing}
        @input=${(e: Event) => set({ url: (e.target as HTMLInputElement).value })}
      />
      ${err('url')}
    </div>
    <div>
      <label for="${p.id}-format">Format</label>
      <select id="${p.id}-format" @change=${(e: Event) => set({ format: (e.target as HTMLSelectElement).value as WebhookFormat })}>
        ${WEBHOOK_FORMATS.map((f) => html`<option value=${f.value} ?selected=${f.value === d.format}>${f.label}</option>`)}
      </select>
      <p class="hint">
        ${
          d.format === 'discord'
            ? 'A Discord channel webhook (Channel settings → Integrations → Webhooks).'
            : d.format === 'slack'
              ? 'A Slack incoming webhook.'
              : 'A JSON POST to your own server, signed with a secret.'
        }
      </p>
    </div>
    ${
      d.format === 'discord'
        ? html`<div>
          <label for="${p.id}-mention">Discord user id to mention (optional)</label>
          <input
            id="${p.id}-mention"
            inputmode="numeric"
            autocomplete="off"
            maxlength="25"
            .value=${d.mention}
            aria-invalid=${p.errors.mention ? 'true' : 'false'}
            aria-describedby=${p.errors.mention ? `${p.id}-mention-error` : nothing}
            @input=${(e: Event) => set({ mention: (e.target as HTMLInputElement).value })}
          />
          ${err('mention')}
          <p class="hint">Only this user is pinged. In Discord, turn on Developer Mode, then right-click your name → Copy User ID.</p>
        </div>`
        : nothing
    }
    ${d.format === 'json' ? signing(p) : nothing}
  </div>`;
}

function signing(p: WebhookFieldsProps) {
  return html`<div>
    ${
      p.secret
        ? html`<label for="${p.id}-secret">Signing secret</label>
          <input
            id="${p.id}-secret"
            class="secret"
            readonly
            .value=${p.secret}
            @focus=${(e: Event) => (e.target as HTMLInputElement).select()}
          />`
        : html`<p class="hint">A signing secret is made for this webhook when you save; it is shown here then.</p>`
    }
    <p class="hint">
      Every request carries <code>X-Timestamp</code> (Unix seconds, also the body's <code>timestamp</code>) and
      <code>X-Signature: sha256=&lt;hex&gt;</code>, the HMAC-SHA256 of the raw request body keyed with this secret.
      Compute it over the exact bytes received, compare in constant time, and refuse timestamps more than 5 minutes
      from your clock. A retry repeats the <code>Idempotency-Key</code> header: ignore keys you have seen.
    </p>
    <details>
      <summary class="hint">Example check in Node.js</summary>
      <pre><code>${NODE_EXAMPLE}</code></pre>
    </details>
  </div>`;
}

import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { parseInput, validateValue, type OptionField } from '../schema-form';
import { shared } from '../styles';

/**
 * The options of a game type as form controls: numbers with their limits, checkboxes, selects.
 * The parent owns the values; every change fires `mp-options-change` with the new values.
 */
@customElement('mp-options-form')
export class MpOptionsForm extends LitElement {
  static override styles = [
    shared,
    css`
      .fields {
        display: grid;
        gap: 0.75rem;
      }
      .check {
        display: flex;
        gap: 0.5rem;
        align-items: center;
      }
      .hint {
        font-size: 0.85rem;
        color: var(--mp-muted);
      }
      .invalid {
        font-size: 0.85rem;
        color: var(--mp-error-text);
      }
      input[type='number'] {
        width: 8rem;
      }
      select {
        width: 100%;
      }
    `,
  ];

  @property({ attribute: false }) fields: OptionField[] = [];
  @property({ attribute: false }) values: Record<string, unknown> = {};

  private change(field: OptionField, raw: string | boolean): void {
    const values = { ...this.values, [field.key]: parseInput(field, raw) };
    this.dispatchEvent(new CustomEvent('mp-options-change', { detail: values, bubbles: true, composed: true }));
  }

  private renderField(f: OptionField) {
    const id = `opt-${f.key}`;
    const value = this.values[f.key];
    const problem = validateValue(f, value);
    const hint = [
      f.description,
      f.kind === 'integer' || f.kind === 'number'
        ? f.min !== undefined && f.max !== undefined
          ? `${f.min} to ${f.max}`
          : f.min !== undefined
            ? `at least ${f.min}`
            : f.max !== undefined
              ? `at most ${f.max}`
              : undefined
        : undefined,
    ]
      .filter(Boolean)
      .join(' · ');
    switch (f.kind) {
      case 'boolean':
        return html`<div>
          <label class="check"
            ><input
              id=${id}
              type="checkbox"
              .checked=${value === true}
              @change=${(e: Event) => this.change(f, (e.target as HTMLInputElement).checked)}
            />${f.label}</label
          >
          ${hint ? html`<div class="hint">${hint}</div>` : nothing}
        </div>`;
      case 'enum': {
        const index = f.choices!.findIndex((c) => Object.is(c.value, value));
        return html`<div>
          <label for=${id}>${f.label}</label>
          <select id=${id} @change=${(e: Event) => this.change(f, (e.target as HTMLSelectElement).value)}>
            ${f.choices!.map((c, i) => html`<option value=${i} ?selected=${i === index}>${c.label}</option>`)}
          </select>
          ${hint ? html`<div class="hint">${hint}</div>` : nothing}
        </div>`;
      }
      case 'integer':
      case 'number':
        return html`<div>
          <label for=${id}>${f.label}</label>
          <input
            id=${id}
            type="number"
            inputmode=${f.kind === 'integer' ? 'numeric' : 'decimal'}
            min=${f.min ?? nothing}
            max=${f.max ?? nothing}
            step=${f.step ?? 'any'}
            ?required=${f.required && f.default === undefined}
            .value=${value === undefined ? '' : String(value)}
            @input=${(e: Event) => this.change(f, (e.target as HTMLInputElement).value)}
          />
          ${hint ? html`<div class="hint">${hint}</div>` : nothing}
          ${problem ? html`<div class="invalid">${problem}</div>` : nothing}
        </div>`;
      default:
        return html`<div>
          <label for=${id}>${f.label}</label>
          <input
            id=${id}
            type="text"
            .value=${value === undefined ? '' : String(value)}
            @input=${(e: Event) => this.change(f, (e.target as HTMLInputElement).value)}
          />
          ${hint ? html`<div class="hint">${hint}</div>` : nothing}
        </div>`;
    }
  }

  override render() {
    if (this.fields.length === 0) return html`<p class="muted">This game has no options.</p>`;
    return html`<div class="fields">${this.fields.map((f) => this.renderField(f))}</div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-options-form': MpOptionsForm;
  }
}

import { LitElement, css, html } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import { shared } from '../styles';

/** A modal drawn in the page's own style (this question, the report form), its buttons at the right. */
export const dialogStyles = css`
  dialog {
    max-width: min(26rem, calc(100vw - 2rem));
    border: 1px solid var(--mp-border-strong);
    border-radius: 0.75rem;
    background: var(--mp-surface);
    color: var(--mp-text);
    padding: 1rem;
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.35);
  }
  .row {
    justify-content: flex-end;
  }
`;

/**
 * A small modal question ("This move does nothing now. Send it anyway?") drawn in the page's own
 * style, instead of window.confirm (which a phone browser may block and which stops the page).
 * `ask()` opens it and resolves true for the confirm button, false for Cancel, Escape or a backdrop
 * close. One question at a time: a second `ask()` answers the first with false.
 */
@customElement('mp-confirm-dialog')
export class MpConfirmDialog extends LitElement {
  static override styles = [shared, dialogStyles];

  @state() private message = '';
  @state() private confirmLabel = 'Send anyway';
  @query('dialog') private dialog!: HTMLDialogElement;
  private settle: ((ok: boolean) => void) | null = null;

  /** Shows `message`; resolves with the player's answer. */
  async ask(message: string, confirmLabel = 'Send anyway'): Promise<boolean> {
    this.settle?.(false);
    this.message = message;
    this.confirmLabel = confirmLabel;
    await this.updateComplete;
    if (!this.dialog.open) this.dialog.showModal();
    return new Promise<boolean>((resolve) => (this.settle = resolve));
  }

  private answer(ok: boolean): void {
    const settle = this.settle;
    this.settle = null;
    if (this.dialog.open) this.dialog.close();
    settle?.(ok);
  }

  override render() {
    return html`<dialog aria-labelledby="q" @close=${() => this.answer(false)}>
      <p id="q">${this.message}</p>
      <div class="row">
        <button type="button" @click=${() => this.answer(false)}>Cancel</button>
        <button type="button" class="primary" @click=${() => this.answer(true)}>${this.confirmLabel}</button>
      </div>
    </dialog>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mp-confirm-dialog': MpConfirmDialog;
  }
}

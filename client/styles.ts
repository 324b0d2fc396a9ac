import { css } from 'lit';

/**
 * Styles shared by every screen. Colours come from CSS custom properties defined in
 * public/styles.css (they inherit into shadow roots), so a theme is changed in one place.
 */
export const shared = css`
  :host {
    display: block;
    box-sizing: border-box;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  h1,
  h2,
  h3 {
    margin: 0 0 0.5rem;
    line-height: 1.2;
  }
  h1 {
    font-size: 1.4rem;
  }
  h2 {
    font-size: 1.15rem;
  }
  h3 {
    font-size: 1rem;
  }
  p {
    margin: 0 0 0.75rem;
  }
  a {
    color: var(--mp-link);
  }
  button,
  .button {
    font: inherit;
    min-height: 2.5rem;
    padding: 0.4rem 0.9rem;
    border-radius: 0.5rem;
    border: 1px solid var(--mp-border-strong);
    background: var(--mp-surface);
    color: var(--mp-text);
    cursor: pointer;
    text-decoration: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.35rem;
  }
  button:hover:not(:disabled),
  .button:hover {
    background: var(--mp-surface-hover);
  }
  button.primary,
  .button.primary {
    background: var(--mp-accent);
    border-color: var(--mp-accent);
    color: var(--mp-on-accent);
  }
  button.primary:hover:not(:disabled),
  .button.primary:hover {
    background: var(--mp-accent-hover);
  }
  /* What cannot be undone: resigning, deleting an account, suspending one. */
  button.danger {
    background: var(--mp-error-text);
    border-color: var(--mp-error-text);
    color: var(--mp-surface);
  }
  button:disabled {
    opacity: 0.55;
    cursor: default;
  }
  /* The keyboard focus ring: 3px blue outside a light gap, unlike any "selected" or target mark (amber borders, check marks). */
  button:focus-visible,
  a:focus-visible,
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible,
  summary:focus-visible,
  [tabindex]:focus-visible {
    outline: 3px solid var(--mp-focus);
    outline-offset: 2px;
    box-shadow: 0 0 0 2px var(--mp-focus-inner, #fff);
  }
  input,
  select {
    font: inherit;
    min-height: 2.5rem;
    padding: 0.35rem 0.5rem;
    border-radius: 0.4rem;
    border: 1px solid var(--mp-border-strong);
    background: var(--mp-input-bg);
    color: var(--mp-text);
    max-width: 100%;
  }
  input[type='checkbox'] {
    min-height: auto;
    width: 1.2rem;
    height: 1.2rem;
  }
  label {
    display: block;
  }
  .card {
    background: var(--mp-surface);
    border: 1px solid var(--mp-border);
    border-radius: 0.75rem;
    padding: 1rem;
    margin-bottom: 1rem;
  }
  .muted {
    color: var(--mp-muted);
  }
  .error {
    color: var(--mp-error-text);
    background: var(--mp-error-bg);
    border: 1px solid var(--mp-error-border);
    border-radius: 0.5rem;
    padding: 0.5rem 0.75rem;
    margin: 0 0 0.75rem;
  }
  .notice {
    background: var(--mp-notice-bg);
    border: 1px solid var(--mp-notice-border);
    border-radius: 0.5rem;
    padding: 0.5rem 0.75rem;
    margin: 0 0 0.75rem;
  }
  .badge {
    display: inline-block;
    font-size: 0.8rem;
    padding: 0.1rem 0.5rem;
    border-radius: 999px;
    border: 1px solid var(--mp-border-strong);
    white-space: nowrap;
  }
  .badge.turn {
    background: var(--mp-accent);
    border-color: var(--mp-accent);
    color: var(--mp-on-accent);
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: center;
  }
  code,
  .mono {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.85em;
    overflow-wrap: anywhere;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

/**
 * The new-game form's parts (the form, its time control, who plays): framed fieldsets with a
 * bold legend, full-width selects, nested fieldsets and radio rows.
 */
export const formParts = css`
      fieldset {
        border: 1px solid var(--mp-border);
        border-radius: 0.5rem;
        padding: 0.75rem;
        margin: 0;
        min-width: 0;
      }
      legend {
        padding: 0 0.25rem;
        font-weight: 600;
      }
      select {
        width: 100%;
      }
      fieldset.inner {
        margin-top: 0.75rem;
      }
      .radio {
        display: flex;
        gap: 0.5rem;
        align-items: center;
        min-height: 2rem;
      }
      .radio input {
        margin: 0;
        width: 1.2rem;
        height: 1.2rem;
        min-height: auto;
        flex: none;
      }
`;

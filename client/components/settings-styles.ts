import { css } from 'lit';

/** The look the settings forms share (fieldsets, check rows, hints, field errors, statuses). */
export const settingsStyles = css`
  form {
    display: grid;
    gap: 0.5rem;
  }
  form.notify {
    gap: 1rem;
  }
  fieldset {
    border: 1px solid var(--mp-border);
    border-radius: 0.5rem;
    padding: 0.75rem;
    margin: 0;
    min-width: 0;
    display: grid;
    gap: 0.5rem;
  }
  legend {
    padding: 0 0.25rem;
    font-weight: 600;
  }
  .check {
    display: flex;
    gap: 0.5rem;
    align-items: flex-start;
  }
  .check input {
    flex: none;
    margin: 0.15rem 0 0;
  }
  .check label {
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .hint {
    font-size: 0.85rem;
    color: var(--mp-muted);
    margin: 0.2rem 0 0;
  }
  .field-error {
    font-size: 0.9rem;
    color: var(--mp-error-text);
    margin: 0.2rem 0 0;
  }
  #tz {
    width: 100%;
  }
  .tz-row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: center;
    margin-top: 0.35rem;
  }
  .status {
    min-height: 1.25rem;
  }
  .dates {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 0.3rem;
    max-width: 20rem;
  }
  .actions {
    display: grid;
    gap: 0.5rem;
  }
  ul.failures {
    list-style: none;
    padding: 0;
    margin: 0;
    display: grid;
    gap: 0.5rem;
  }
  ul.failures li {
    border: 1px solid var(--mp-border);
    border-radius: 0.5rem;
    padding: 0.5rem 0.75rem;
    overflow-wrap: anywhere;
  }
  ul.failures .what {
    font-weight: 600;
  }
  ul.failures .detail {
    font-size: 0.85rem;
    color: var(--mp-muted);
  }
`;

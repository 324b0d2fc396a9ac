/** The part of html-to-text 10's API we use (the package ships no types). */
declare module 'html-to-text' {
  /** A selector rule: `format: 'skip'` leaves the element out; `options` tune the format. */
  export interface SelectorDefinition {
    selector: string;
    format?: string;
    options?: Record<string, unknown>;
  }
  export interface HtmlToTextOptions {
    /** Line length to wrap at, or false for no wrapping. */
    wordwrap?: number | false | null;
    selectors?: SelectorDefinition[];
  }
  /** Converts HTML to plain text. */
  export function convert(html: string, options?: HtmlToTextOptions): string;
}

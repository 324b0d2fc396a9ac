/**
 * `text` closed as a sentence: a full stop is added unless it already ends with one, a "!" or a
 * "?" (a label such as "All Systems Go!" ends a sentence by itself: "You chose: All Systems Go!").
 */
export function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

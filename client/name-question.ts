/**
 * Whether a new account is asked for its display name on this device (the question itself is
 * components/mp-name-dialog.ts). Apart from the dialog, so the app shell can decide without
 * loading the dialog, which is a chunk of its own: an account sees it once or twice at most.
 */

const LATER_KEY = 'mp.name-asked';

/** The player said "Not now" on this device: the question is not asked again for `userId`. */
export function nameQuestionPutOff(userId: string): boolean {
  try {
    return localStorage.getItem(LATER_KEY) === userId;
  } catch {
    return false;
  }
}

/** Remembers "Not now" for `userId` on this device. */
export function putOffNameQuestion(userId: string): void {
  try {
    localStorage.setItem(LATER_KEY, userId);
  } catch {
    /* private mode: asked again next time */
  }
}

/**
 * Resolves when `work` settles or `ms` have passed, whichever is first, leaving no timer behind: for
 * work worth waiting for briefly but never for long (a page that does not answer).
 */
export function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    work.then(done, done);
  });
}

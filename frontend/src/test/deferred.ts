/** A promise the test settles, for an answer still on its way (a mocked call that has not answered yet). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

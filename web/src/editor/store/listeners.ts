// The listeners of one kind of news the store gives (changes, toasts, publishing changes).

export class Listeners<T> {
  readonly #set = new Set<(value: T) => void>();

  /** Adds a listener; answers the function that removes it. */
  add(listener: (value: T) => void): () => void {
    this.#set.add(listener);
    return () => {
      this.#set.delete(listener);
    };
  }

  /** Tells every listener, a listener added or removed meanwhile not changing who is told. */
  tell(value: T): void {
    for (const l of [...this.#set]) l(value);
  }

  clear(): void {
    this.#set.clear();
  }
}

/**
 * A queue that takes turns between keys (projects): each key has its own FIFO, and `shift` serves the
 * keys round-robin, so one key's burst of a hundred tasks waits behind its own tasks, not in front of
 * everyone else's. Within a key, order is kept.
 */
export class FairQueue<T> {
  private readonly byKey = new Map<string, T[]>();
  /** Keys with queued items, in the order they are served next. */
  private readonly turns: string[] = [];
  private count = 0;

  /** How many items are queued, over every key. */
  get size(): number {
    return this.count;
  }

  /** Queues `item` at the end of `key`'s line. */
  push(key: string, item: T): void {
    let line = this.byKey.get(key);
    if (!line) {
      line = [];
      this.byKey.set(key, line);
      this.turns.push(key);
    }
    line.push(item);
    this.count++;
  }

  /** The next item: the head of the key whose turn it is; that key then goes to the back. */
  shift(): T | undefined {
    const key = this.turns.shift();
    if (key === undefined) return undefined;
    const line = this.byKey.get(key)!;
    const item = line.shift()!;
    this.count--;
    if (line.length > 0) this.turns.push(key);
    else this.byKey.delete(key);
    return item;
  }

  /** Takes `item` out of `key`'s line (a task whose caller went away); false when it was not queued. */
  remove(key: string, item: T): boolean {
    const line = this.byKey.get(key);
    const index = line ? line.indexOf(item) : -1;
    if (!line || index === -1) return false;
    line.splice(index, 1);
    this.count--;
    if (line.length === 0) {
      this.byKey.delete(key);
      this.turns.splice(this.turns.indexOf(key), 1);
    }
    return true;
  }

  /** Empties the queue and returns what it held. */
  drain(): T[] {
    const all = [...this.byKey.values()].flat();
    this.byKey.clear();
    this.turns.length = 0;
    this.count = 0;
    return all;
  }
}

/**
 * A single cached value, loaded on demand and dropped on invalidation. A load that was already
 * running when an invalidation arrived is not stored, so a stale read can never outlive a change.
 * A TTL bounds staleness should a change notification ever be missed.
 */
export class CachedValue<T> {
  private value: { data: T; at: number } | undefined;
  private inflight: Promise<T> | undefined;
  private generation = 0;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The value held, while it is fresh; undefined when a `get` would load it. */
  peek(): T | undefined {
    return this.value && this.now() - this.value.at < this.ttlMs ? this.value.data : undefined;
  }

  async get(): Promise<T> {
    if (this.value && this.now() - this.value.at < this.ttlMs) return this.value.data;
    if (this.inflight) return this.inflight;
    const gen = this.generation;
    const p = this.load().then(
      (data) => {
        if (gen === this.generation) this.value = { data, at: this.now() };
        if (this.inflight === p) this.inflight = undefined;
        return data;
      },
      (err: unknown) => {
        if (this.inflight === p) this.inflight = undefined;
        throw err;
      },
    );
    this.inflight = p;
    return p;
  }

  invalidate(): void {
    this.generation++;
    this.value = undefined;
    this.inflight = undefined;
  }
}

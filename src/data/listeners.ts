import type { AppStore } from './appStore';

/** A set of change callbacks. */
export class Listeners {
  private readonly set = new Set<() => void>();

  add(listener: () => void): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }

  emit(): void {
    for (const l of this.set) l();
  }
}

/** A part of cb_app (the outbox, the upload queue, the sync notices) that tells its listeners when it changes. */
export abstract class WatchedStore {
  private readonly listeners = new Listeners();

  constructor(protected readonly store: AppStore) {}

  /** The cb_app this part lives in (the writer's action journal shares it). */
  get appStore(): AppStore {
    return this.store;
  }

  onChange(listener: () => void): () => void {
    return this.listeners.add(listener);
  }

  protected emit(): void {
    this.listeners.emit();
  }
}

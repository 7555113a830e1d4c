/** A set of change callbacks (the outbox and the upload queue tell the sync badge when they change). */
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

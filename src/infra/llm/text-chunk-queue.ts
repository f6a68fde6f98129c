/**
 * Turns callbacks (node-llama-cpp's onTextChunk) into an async iterable: chunks pushed before the reader
 * asks are buffered, a reader waiting gets the next one as it arrives, `fail` rethrows in the reader.
 */
export class TextChunkQueue implements AsyncIterable<string> {
  private readonly buffered: string[] = [];
  private isDone = false;
  private failure: { error: unknown } | null = null;
  private wake: (() => void) | null = null;

  push(text: string): void {
    if (this.isDone || !text) return;
    this.buffered.push(text);
    this.notify();
  }

  end(): void {
    this.isDone = true;
    this.notify();
  }

  fail(error: unknown): void {
    if (this.isDone) return;
    this.failure = { error };
    this.isDone = true;
    this.notify();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    while (true) {
      const next = this.buffered.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (this.failure) throw this.failure.error;
      if (this.isDone) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

/**
 * Cursors shaped like the driver's FindCursor and AggregationCursor: chainable options before the
 * first read, then `toArray()`, `next()`, `hasNext()` and async iteration. The query runs, whole
 * and synchronously, at the first read.
 */
import { type Document, MemoryInvalidArgumentError } from './errors.js';

abstract class MemoryCursorBase<T> implements AsyncIterable<T> {
  #buffer: T[] | undefined;
  #position = 0;
  #transform: ((doc: Document) => unknown) | undefined;
  #closed = false;

  protected abstract execute(): Document[];

  protected get started(): boolean {
    return this.#buffer !== undefined;
  }

  protected assertNotStarted(): void {
    if (this.#buffer !== undefined) throw new MemoryInvalidArgumentError('Cursor is already initialized');
  }

  #fill(): T[] {
    if (this.#buffer === undefined) {
      const docs = this.#closed ? [] : this.execute();
      const transform = this.#transform;
      this.#buffer = (transform ? docs.map((d) => transform(d)) : docs) as T[];
    }
    return this.#buffer;
  }

  map<U>(transform: (doc: T) => U): MemoryCursorBase<U> {
    this.assertNotStarted();
    const previous = this.#transform;
    this.#transform = (doc) => transform((previous ? previous(doc) : doc) as T);
    return this as unknown as MemoryCursorBase<U>;
  }

  async toArray(): Promise<T[]> {
    const buffer = this.#fill();
    const rest = buffer.slice(this.#position);
    this.#position = buffer.length;
    return rest;
  }

  async next(): Promise<T | null> {
    const buffer = this.#fill();
    return this.#position < buffer.length ? buffer[this.#position++]! : null;
  }

  async hasNext(): Promise<boolean> {
    return this.#position < this.#fill().length;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#buffer = [];
  }

  get closed(): boolean {
    return this.#closed;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, void> {
    for (;;) {
      const doc = await this.next();
      if (doc === null) return;
      yield doc;
    }
  }
}

export interface FindSpec {
  filter: Document;
  sort?: unknown;
  skip?: number;
  limit?: number;
  projection?: Document;
}

export class MemoryFindCursor<T = Document> extends MemoryCursorBase<T> {
  readonly #spec: FindSpec;
  readonly #run: (spec: FindSpec) => Document[];

  constructor(spec: FindSpec, run: (spec: FindSpec) => Document[]) {
    super();
    this.#spec = { ...spec };
    this.#run = run;
  }

  protected execute(): Document[] {
    return this.#run(this.#spec);
  }

  sort(sort: unknown, direction?: unknown): this {
    this.assertNotStarted();
    this.#spec.sort = typeof sort === 'string' && direction !== undefined ? [[sort, direction]] : sort;
    return this;
  }

  skip(value: number): this {
    this.assertNotStarted();
    this.#spec.skip = value;
    return this;
  }

  limit(value: number): this {
    this.assertNotStarted();
    this.#spec.limit = value;
    return this;
  }

  project<U = Document>(projection: Document): MemoryFindCursor<U> {
    this.assertNotStarted();
    this.#spec.projection = projection;
    return this as unknown as MemoryFindCursor<U>;
  }
}

export class MemoryAggregationCursor<T = Document> extends MemoryCursorBase<T> {
  readonly #run: () => Document[];

  constructor(run: () => Document[]) {
    super();
    this.#run = run;
  }

  protected execute(): Document[] {
    return this.#run();
  }
}

/**
 * One cursor's state, and the reading members every engine cursor shares (`readsFromState`): the
 * query runs, whole and synchronously, at the first read; reads then walk the buffer.
 */
import type { AbstractCursor, Document } from 'mongodb';
import { MemoryInvalidArgumentError } from '../errors/engine-errors.js';

/**
 * The state of one cursor, shared by the cursor objects `map()` and `project()` return (the
 * driver's return `this`): the query, the results once read, the position and the transform.
 */
export class CursorState<S> {
  buffer: unknown[] | undefined;
  position = 0;
  transform: ((doc: Document) => unknown) | undefined;
  closed = false;

  constructor(
    readonly spec: S,
    readonly run: (spec: S) => Document[],
  ) {}

  assertNotStarted(): void {
    if (this.buffer !== undefined) throw new MemoryInvalidArgumentError('Cursor is already initialized');
  }

  fill(): unknown[] {
    if (this.buffer === undefined) {
      const docs = this.closed ? [] : this.run(this.spec);
      const transform = this.transform;
      this.buffer = transform ? docs.map((d) => transform(d)) : docs;
    }
    return this.buffer;
  }

  addTransform<T, U>(transform: (doc: T) => U): void {
    this.assertNotStarted();
    const previous = this.transform;
    this.transform = (doc) => transform((previous ? previous(doc) : doc) as T);
  }

  rest(): unknown[] {
    const buffer = this.fill();
    const rest = buffer.slice(this.position);
    this.position = buffer.length;
    return rest;
  }

  next(): unknown {
    const buffer = this.fill();
    return this.position < buffer.length ? buffer[this.position++] : null;
  }

  rewind(): void {
    this.buffer = undefined;
    this.position = 0;
    this.closed = false;
  }
}

/** The part of a cursor's state the shared reading members use (whatever the cursor's spec). */
type Reader = Pick<
  CursorState<unknown>,
  'buffer' | 'position' | 'closed' | 'fill' | 'rest' | 'next' | 'rewind'
>;

/**
 * The key of each engine cursor's state, for the members `readsFromState` adds (the cursor classes
 * own the state). A property of the cursor itself rather than a WeakMap entry: a WeakMap keeps
 * every cursor's buffer in an ephemeron table, which tripled the garbage collector's time on a
 * find returning a thousand documents.
 */
const STATE: unique symbol = Symbol('memoryCursorState');

interface Attached {
  [STATE]?: Reader | undefined;
}

/** Registers `state` as the state of `cursor`; returns it. */
export function attach<S>(cursor: object, state: CursorState<S>): CursorState<S> {
  (cursor as Attached)[STATE] = state;
  return state;
}

const stateOf = (cursor: Attached): Reader => cursor[STATE]!;

// biome-ignore lint/suspicious/noExplicitAny: a mixin's base takes whatever arguments the driver's cursor takes
type CursorClass = abstract new (...args: any[]) => AbstractCursor<any>;

/**
 * `Base` (one of the driver's cursor classes) with the reading members read from the cursor's
 * attached state: `toArray()`, `next()`, `tryNext()`, `hasNext()`, `forEach()`, async iteration,
 * the buffer, `close()` and `rewind()`. The members keep the driver's signatures, so the result is
 * typed as `Base` itself.
 */
export function readsFromState<B extends CursorClass>(Base: B): B {
  abstract class ReadsFromState extends Base {
    [STATE]: Reader | undefined = undefined;

    override async toArray(): Promise<unknown[]> {
      return stateOf(this).rest();
    }
    override async next(): Promise<unknown> {
      return stateOf(this).next();
    }
    override async tryNext(): Promise<unknown> {
      return stateOf(this).next();
    }
    override async hasNext(): Promise<boolean> {
      const state = stateOf(this);
      return state.position < state.fill().length;
    }
    override async forEach(iterator: (doc: unknown) => unknown): Promise<void> {
      for (const doc of stateOf(this).rest()) if (iterator(doc) === false) return;
    }
    override async *[Symbol.asyncIterator](): AsyncGenerator<unknown, void, void> {
      const state = stateOf(this);
      for (;;) {
        const doc = state.next();
        if (doc === null) return;
        yield doc;
      }
    }
    override bufferedCount(): number {
      const state = stateOf(this);
      return state.buffer === undefined ? 0 : state.buffer.length - state.position;
    }
    override readBufferedDocuments(number?: number): unknown[] {
      const state = stateOf(this);
      const buffer = state.buffer ?? [];
      const end = number === undefined ? buffer.length : Math.min(buffer.length, state.position + number);
      const out = buffer.slice(state.position, end);
      state.position = end;
      return out;
    }
    override async close(): Promise<void> {
      const state = stateOf(this);
      state.closed = true;
      state.buffer = [];
    }
    override get closed(): boolean {
      return stateOf(this).closed;
    }
    override get killed(): boolean {
      return false;
    }
    override rewind(): void {
      stateOf(this).rewind();
    }
  }
  return ReadsFromState;
}

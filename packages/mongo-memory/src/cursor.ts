/**
 * Cursors that are the driver's own `FindCursor` and `AggregationCursor` (so the engine's `Db` is a
 * driver-typed `Db`), with every member that would reach a server overridden: chainable options
 * before the first read, then `toArray()`, `next()`, `hasNext()`, `tryNext()`, `forEach()` and async
 * iteration. The query runs, whole and synchronously, at the first read. A driver member the engine
 * does not implement throws `MemoryEngineUnsupportedError` naming it.
 */
import {
  AggregationCursor,
  type CollationOptions,
  type CollectionInfo,
  type CursorFlag,
  type Document,
  FindCursor,
  type Hint,
  ListCollectionsCursor,
  MongoClient,
  type MongoDBNamespace,
  type Sort,
  type SortDirection,
} from 'mongodb';
import { MemoryInvalidArgumentError, unsupportedMember } from './errors.js';

/**
 * The driver's cursors check that they belong to a `MongoClient`. This one is never connected: the
 * engine's cursors override every member that would use it, so it never opens a socket.
 */
let detached: MongoClient | undefined;
function detachedClient(): MongoClient {
  detached ??= new MongoClient('mongodb://in-process.invalid');
  return detached;
}

/**
 * The driver declares its cursor constructors `@internal`; at run time they are
 * `(client, namespace, filter | pipeline, options)` in drivers 6 and 7 (pinned by
 * test/driver-surface.test.ts). These two lines state that signature so the engine can extend them.
 */
const DriverFindCursor = FindCursor as new <T>(
  client: MongoClient,
  ns: MongoDBNamespace,
  filter: Document,
  options: Document,
) => FindCursor<T>;
const DriverAggregationCursor = AggregationCursor as new <T>(
  client: MongoClient,
  ns: MongoDBNamespace,
  pipeline: Document[],
  options: Document,
) => AggregationCursor<T>;

/** What a find cursor asks for: the filter and the options chained onto it. */
export interface FindSpec {
  filter: Document;
  sort?: unknown;
  skip?: number;
  limit?: number;
  projection?: Document;
}

/**
 * The state of one cursor, shared by the cursor objects `map()` and `project()` return (the
 * driver's return `this`): the query, the results once read, the position and the transform.
 */
class CursorState<S> {
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

const namespaces = new Map<string, MongoDBNamespace>();

/**
 * The driver's namespace object for `db.collection` (its class is not exported at run time): read
 * once from a cursor of the detached client, which is never run.
 */
function namespaceOf(ns: string): MongoDBNamespace {
  let found = namespaces.get(ns);
  if (found === undefined) {
    const dot = ns.indexOf('.');
    const probe = detachedClient()
      .db(ns.slice(0, dot))
      .collection(ns.slice(dot + 1))
      .find();
    probe.emit('close');
    found = probe.namespace;
    namespaces.set(ns, found);
  }
  return found;
}

export class MemoryFindCursor<T = Document> extends DriverFindCursor<T> {
  readonly #state: CursorState<FindSpec>;
  readonly #ns: string;

  constructor(ns: string, state: CursorState<FindSpec>);
  constructor(ns: string, spec: FindSpec, run: (spec: FindSpec) => Document[]);
  constructor(ns: string, spec: FindSpec | CursorState<FindSpec>, run?: (spec: FindSpec) => Document[]) {
    super(detachedClient(), namespaceOf(ns), {}, {});
    // The driver's cursor registers with its client to be closed with it; this one holds nothing.
    this.emit('close');
    this.#ns = ns;
    this.#state = spec instanceof CursorState ? spec : new CursorState({ ...spec }, run!);
  }

  // Reading.
  override async toArray(): Promise<T[]> {
    return this.#state.rest() as T[];
  }
  override async next(): Promise<T | null> {
    return this.#state.next() as T | null;
  }
  override async tryNext(): Promise<T | null> {
    return this.#state.next() as T | null;
  }
  override async hasNext(): Promise<boolean> {
    return this.#state.position < this.#state.fill().length;
  }
  override async forEach(iterator: (doc: T) => unknown): Promise<void> {
    for (const doc of this.#state.rest()) if (iterator(doc as T) === false) return;
  }
  override async *[Symbol.asyncIterator](): AsyncGenerator<T, void, void> {
    for (;;) {
      const doc = this.#state.next();
      if (doc === null) return;
      yield doc as T;
    }
  }
  override bufferedCount(): number {
    return this.#state.buffer === undefined ? 0 : this.#state.buffer.length - this.#state.position;
  }
  override readBufferedDocuments(number?: number): NonNullable<T>[] {
    const buffer = this.#state.buffer ?? [];
    const end = number === undefined ? buffer.length : Math.min(buffer.length, this.#state.position + number);
    const out = buffer.slice(this.#state.position, end) as NonNullable<T>[];
    this.#state.position = end;
    return out;
  }
  override async close(): Promise<void> {
    this.#state.closed = true;
    this.#state.buffer = [];
  }
  override get closed(): boolean {
    return this.#state.closed;
  }
  override get killed(): boolean {
    return false;
  }
  override rewind(): void {
    this.#state.rewind();
  }
  override clone(): MemoryFindCursor<T> {
    const copy = new CursorState<FindSpec>({ ...this.#state.spec }, this.#state.run);
    copy.transform = this.#state.transform;
    return new MemoryFindCursor<T>(this.#ns, copy);
  }

  // Options, before the first read.
  override map<U>(transform: (doc: T) => U): MemoryFindCursor<U> {
    this.#state.addTransform(transform);
    return new MemoryFindCursor<U>(this.#ns, this.#state);
  }
  override project<U extends Document = Document>(value: Document): MemoryFindCursor<U> {
    this.#state.assertNotStarted();
    this.#state.spec.projection = value;
    return new MemoryFindCursor<U>(this.#ns, this.#state);
  }
  override sort(sort: Sort | string, direction?: SortDirection): this {
    this.#state.assertNotStarted();
    this.#state.spec.sort = typeof sort === 'string' && direction !== undefined ? [[sort, direction]] : sort;
    return this;
  }
  override skip(value: number): this {
    this.#state.assertNotStarted();
    this.#state.spec.skip = value;
    return this;
  }
  override limit(value: number): this {
    this.#state.assertNotStarted();
    this.#state.spec.limit = value;
    return this;
  }
  override filter(filter: Document): this {
    this.#state.assertNotStarted();
    this.#state.spec.filter = filter;
    return this;
  }

  // Driver members the engine does not implement.
  override stream(): never {
    return unsupportedMember('FindCursor.stream()');
  }
  override async count(): Promise<never> {
    return unsupportedMember('FindCursor.count()');
  }
  override async explain(): Promise<never> {
    return unsupportedMember('FindCursor.explain()');
  }
  override hint(_hint: Hint): never {
    return unsupportedMember('FindCursor.hint()');
  }
  override min(_min: Document): never {
    return unsupportedMember('FindCursor.min()');
  }
  override max(_max: Document): never {
    return unsupportedMember('FindCursor.max()');
  }
  override returnKey(_value: boolean): never {
    return unsupportedMember('FindCursor.returnKey()');
  }
  override showRecordId(_value: boolean): never {
    return unsupportedMember('FindCursor.showRecordId()');
  }
  override addQueryModifier(_name: string, _value: unknown): never {
    return unsupportedMember('FindCursor.addQueryModifier()');
  }
  override collation(_value: CollationOptions): never {
    return unsupportedMember('FindCursor.collation()');
  }
  override addCursorFlag(_flag: CursorFlag, _value: boolean): never {
    return unsupportedMember('FindCursor.addCursorFlag()');
  }
}

export class MemoryAggregationCursor<T = Document> extends DriverAggregationCursor<T> {
  readonly #state: CursorState<Document[]>;
  readonly #ns: string;

  constructor(ns: string, state: CursorState<Document[]>);
  constructor(ns: string, pipeline: Document[], run: (pipeline: Document[]) => Document[]);
  constructor(
    ns: string,
    pipeline: Document[] | CursorState<Document[]>,
    run?: (pipeline: Document[]) => Document[],
  ) {
    const state = pipeline instanceof CursorState ? pipeline : new CursorState(pipeline, run!);
    super(detachedClient(), namespaceOf(ns), state.spec, {});
    this.emit('close');
    this.#ns = ns;
    this.#state = state;
  }

  // Reading.
  override async toArray(): Promise<T[]> {
    return this.#state.rest() as T[];
  }
  override async next(): Promise<T | null> {
    return this.#state.next() as T | null;
  }
  override async tryNext(): Promise<T | null> {
    return this.#state.next() as T | null;
  }
  override async hasNext(): Promise<boolean> {
    return this.#state.position < this.#state.fill().length;
  }
  override async forEach(iterator: (doc: T) => unknown): Promise<void> {
    for (const doc of this.#state.rest()) if (iterator(doc as T) === false) return;
  }
  override async *[Symbol.asyncIterator](): AsyncGenerator<T, void, void> {
    for (;;) {
      const doc = this.#state.next();
      if (doc === null) return;
      yield doc as T;
    }
  }
  override bufferedCount(): number {
    return this.#state.buffer === undefined ? 0 : this.#state.buffer.length - this.#state.position;
  }
  override readBufferedDocuments(number?: number): NonNullable<T>[] {
    const buffer = this.#state.buffer ?? [];
    const end = number === undefined ? buffer.length : Math.min(buffer.length, this.#state.position + number);
    const out = buffer.slice(this.#state.position, end) as NonNullable<T>[];
    this.#state.position = end;
    return out;
  }
  override async close(): Promise<void> {
    this.#state.closed = true;
    this.#state.buffer = [];
  }
  override get closed(): boolean {
    return this.#state.closed;
  }
  override get killed(): boolean {
    return false;
  }
  override rewind(): void {
    this.#state.rewind();
  }
  override clone(): MemoryAggregationCursor<T> {
    const copy = new CursorState<Document[]>([...this.#state.spec], this.#state.run);
    copy.transform = this.#state.transform;
    return new MemoryAggregationCursor<T>(this.#ns, copy);
  }

  // Building, before the first read: every stage helper of the driver goes through addStage.
  override map<U>(transform: (doc: T) => U): MemoryAggregationCursor<U> {
    this.#state.addTransform(transform);
    return new MemoryAggregationCursor<U>(this.#ns, this.#state);
  }
  override addStage(stage: Document): this;
  override addStage<U = Document>(stage: Document): MemoryAggregationCursor<U>;
  override addStage(stage: Document): unknown {
    this.#state.assertNotStarted();
    this.#state.spec.push(stage);
    return this;
  }

  // Driver members the engine does not implement.
  override stream(): never {
    return unsupportedMember('AggregationCursor.stream()');
  }
  override async explain(): Promise<never> {
    return unsupportedMember('AggregationCursor.explain()');
  }
  override addCursorFlag(_flag: CursorFlag, _value: boolean): never {
    return unsupportedMember('AggregationCursor.addCursorFlag()');
  }
}

/**
 * `Db.listCollections()`: the driver's `ListCollectionsCursor`, built on a `Db` of the detached
 * client (its constructor reads the client and namespace from it), reading the engine's list.
 */
export class MemoryListCollectionsCursor<
  T extends Pick<CollectionInfo, 'name' | 'type'> | CollectionInfo =
    | Pick<CollectionInfo, 'name' | 'type'>
    | CollectionInfo,
> extends ListCollectionsCursor<T> {
  readonly #state: CursorState<undefined>;

  constructor(dbName: string, run: () => Document[]) {
    super(detachedClient().db(dbName), {}, {});
    this.emit('close');
    this.#state = new CursorState(undefined, run);
  }

  override async toArray(): Promise<T[]> {
    return this.#state.rest() as T[];
  }
  override async next(): Promise<T | null> {
    return this.#state.next() as T | null;
  }
  override async tryNext(): Promise<T | null> {
    return this.#state.next() as T | null;
  }
  override async hasNext(): Promise<boolean> {
    return this.#state.position < this.#state.fill().length;
  }
  override async forEach(iterator: (doc: T) => unknown): Promise<void> {
    for (const doc of this.#state.rest()) if (iterator(doc as T) === false) return;
  }
  override async *[Symbol.asyncIterator](): AsyncGenerator<T, void, void> {
    for (;;) {
      const doc = this.#state.next();
      if (doc === null) return;
      yield doc as T;
    }
  }
  override async close(): Promise<void> {
    this.#state.closed = true;
    this.#state.buffer = [];
  }
  override get closed(): boolean {
    return this.#state.closed;
  }
  override get killed(): boolean {
    return false;
  }
  override rewind(): void {
    this.#state.rewind();
  }
  override addCursorFlag(): never {
    return unsupportedMember('ListCollectionsCursor.addCursorFlag()');
  }
  override map(): never {
    return unsupportedMember('ListCollectionsCursor.map()');
  }
  override clone(): never {
    return unsupportedMember('ListCollectionsCursor.clone()');
  }
  override stream(): never {
    return unsupportedMember('ListCollectionsCursor.stream()');
  }
  override bufferedCount(): never {
    return unsupportedMember('ListCollectionsCursor.bufferedCount()');
  }
  override readBufferedDocuments(): never {
    return unsupportedMember('ListCollectionsCursor.readBufferedDocuments()');
  }
}

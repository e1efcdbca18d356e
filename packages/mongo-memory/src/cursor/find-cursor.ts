/**
 * `find()`'s cursor: the driver's own `FindCursor` (so the engine's collections are driver-typed),
 * with every member that would reach a server overridden: chainable options before the first
 * read, the shared reading members after it (see `readsFromState`). A driver member the engine
 * does not implement throws `MemoryEngineUnsupportedError` naming it.
 */
import type {
  CollationOptions,
  CursorFlag,
  Document,
  ExplainCommandOptions,
  ExplainVerbosityLike,
  Hint,
  Sort,
  SortDirection,
} from 'mongodb';
import { unsupportedMember } from '../errors/engine-errors.js';
import { DriverFindCursor, detachedClient, namespaceOf } from './driver.js';
import { attach, CursorState, readsFromState } from './state.js';

/** What a find cursor asks for: the filter and the options chained onto it. */
export interface FindSpec {
  filter: Document;
  sort?: unknown;
  skip?: number;
  limit?: number;
  projection?: Document;
  maxTimeMS?: number;
  /** An index name or key pattern, or `{$natural: 1}` (see plan/hint.ts). */
  hint?: unknown;
  /** The command's `let` variables, unevaluated (see operations/let.ts). */
  let?: Document;
}

const ReadingFindCursor = readsFromState(DriverFindCursor);

/** Runs a cursor's query for `explain()`: the plan's answer, `withStats` false for `queryPlanner`. */
export type ExplainRun = (spec: FindSpec, withStats: boolean) => Document;

/** Whether an explain verbosity asks for execution statistics (all but `queryPlanner` and false). */
export function wantsStats(verbosity: unknown): boolean {
  const level =
    typeof verbosity === 'object' && verbosity !== null
      ? (verbosity as { verbosity?: unknown }).verbosity
      : verbosity;
  return level !== 'queryPlanner' && level !== false;
}

export class MemoryFindCursor<T = Document> extends ReadingFindCursor<T> {
  readonly #state: CursorState<FindSpec>;
  readonly #ns: string;
  readonly #explain: ExplainRun | undefined;

  /** @internal Cursors come from `find()` (a clone shares the state). */
  constructor(ns: string, state: CursorState<FindSpec>, explain?: ExplainRun);
  /** @internal Cursors come from `find()`. */
  constructor(ns: string, spec: FindSpec, run: (spec: FindSpec) => Document[], explain?: ExplainRun);
  constructor(
    ns: string,
    spec: FindSpec | CursorState<FindSpec>,
    run?: ((spec: FindSpec) => Document[]) | ExplainRun,
    explain?: ExplainRun,
  ) {
    super(detachedClient(), namespaceOf(ns), {}, {});
    // The driver's cursor registers with its client to be closed with it; this one holds nothing.
    this.emit('close');
    this.#ns = ns;
    if (spec instanceof CursorState) {
      this.#state = attach(this, spec);
      this.#explain = run as ExplainRun | undefined;
    } else {
      this.#state = attach(this, new CursorState({ ...spec }, run as (spec: FindSpec) => Document[]));
      this.#explain = explain;
    }
  }

  override clone(): MemoryFindCursor<T> {
    const copy = new CursorState<FindSpec>({ ...this.#state.spec }, this.#state.run);
    copy.transform = this.#state.transform;
    return new MemoryFindCursor<T>(this.#ns, copy, this.#explain);
  }

  // Options, before the first read.
  override map<U>(transform: (doc: T) => U): MemoryFindCursor<U> {
    this.#state.addTransform(transform);
    return new MemoryFindCursor<U>(this.#ns, this.#state, this.#explain);
  }
  override project<U extends Document = Document>(value: Document): MemoryFindCursor<U> {
    this.#state.assertNotStarted();
    this.#state.spec.projection = value;
    return new MemoryFindCursor<U>(this.#ns, this.#state, this.#explain);
  }

  /**
   * The plan the query runs with, as a subset of MongoDB's explain output (see plan/explain.ts);
   * the cursor itself is left unread.
   */
  override async explain(
    verbosity?: ExplainVerbosityLike | ExplainCommandOptions | object,
  ): Promise<Document> {
    if (this.#explain === undefined) return unsupportedMember('FindCursor.explain()');
    return this.#explain({ ...this.#state.spec }, wantsStats(verbosity));
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
  override maxTimeMS(value: number): this {
    this.#state.assertNotStarted();
    this.#state.spec.maxTimeMS = value;
    return this;
  }
  override hint(hint: Hint): this {
    this.#state.assertNotStarted();
    this.#state.spec.hint = hint;
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

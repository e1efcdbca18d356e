/**
 * `aggregate()`'s cursor: the driver's own `AggregationCursor`, built before the first read (every
 * stage helper of the driver goes through `addStage`), read with the shared reading members.
 */
import type { CursorFlag, Document, ExplainCommandOptions, ExplainVerbosityLike } from 'mongodb';
import { unsupportedMember } from '../errors/engine-errors.js';
import { DriverAggregationCursor, detachedClient, namespaceOf } from './driver.js';
import { wantsStats } from './find-cursor.js';
import { attach, CursorState, readsFromState } from './state.js';

const ReadingAggregationCursor = readsFromState(DriverAggregationCursor);

/** Explains a pipeline: `withStats` false for the `queryPlanner` verbosity. */
export type PipelineExplain = (pipeline: Document[], withStats: boolean) => Document;

export class MemoryAggregationCursor<T = Document> extends ReadingAggregationCursor<T> {
  readonly #state: CursorState<Document[]>;
  readonly #ns: string;
  readonly #explain: PipelineExplain | undefined;

  /** @internal Cursors come from `aggregate()` (a clone shares the state). */
  constructor(ns: string, state: CursorState<Document[]>, explain?: PipelineExplain);
  /** @internal Cursors come from `aggregate()`. */
  constructor(
    ns: string,
    pipeline: Document[],
    run: (pipeline: Document[]) => Document[],
    explain?: PipelineExplain,
  );
  constructor(
    ns: string,
    pipeline: Document[] | CursorState<Document[]>,
    run?: ((pipeline: Document[]) => Document[]) | PipelineExplain,
    explain?: PipelineExplain,
  ) {
    const state =
      pipeline instanceof CursorState
        ? pipeline
        : new CursorState(pipeline, run as (pipeline: Document[]) => Document[]);
    super(detachedClient(), namespaceOf(ns), state.spec, {});
    this.emit('close');
    this.#ns = ns;
    this.#state = attach(this, state);
    this.#explain = pipeline instanceof CursorState ? (run as PipelineExplain | undefined) : explain;
  }

  override clone(): MemoryAggregationCursor<T> {
    const copy = new CursorState<Document[]>([...this.#state.spec], this.#state.run);
    copy.transform = this.#state.transform;
    return new MemoryAggregationCursor<T>(this.#ns, copy, this.#explain);
  }

  // Building, before the first read: every stage helper of the driver goes through addStage.
  override map<U>(transform: (doc: T) => U): MemoryAggregationCursor<U> {
    this.#state.addTransform(transform);
    return new MemoryAggregationCursor<U>(this.#ns, this.#state, this.#explain);
  }

  /**
   * The plan of the pipeline's first stages, as MongoDB's `stages` form of explain (see
   * plan/explain.ts); the cursor itself is left unread.
   */
  override async explain(
    verbosity?: ExplainVerbosityLike | ExplainCommandOptions | object,
  ): Promise<Document> {
    if (this.#explain === undefined) return unsupportedMember('AggregationCursor.explain()');
    return this.#explain([...this.#state.spec], wantsStats(verbosity));
  }
  override addStage(stage: Document): this;
  override addStage<U = Document>(stage: Document): MemoryAggregationCursor<U>;
  override addStage(stage: Document): unknown {
    this.#state.assertNotStarted();
    this.#state.spec.push(stage);
    return this;
  }

  // Driver members the engine does not implement.
  override maxTimeMS(_value: number): never {
    return unsupportedMember("AggregationCursor.maxTimeMS() (give maxTimeMS in aggregate()'s options)");
  }
  override stream(): never {
    return unsupportedMember('AggregationCursor.stream()');
  }
  override addCursorFlag(_flag: CursorFlag, _value: boolean): never {
    return unsupportedMember('AggregationCursor.addCursorFlag()');
  }
}

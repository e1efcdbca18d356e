/**
 * The host's reads as it sends them, and their plans: a wrapped `Db` records every `find`,
 * `aggregate` and `countDocuments` the host makes, and `planOf` explains one with the driver's
 * own calls (`find(...).explain()`, `aggregate(...).explain()`), which the in-process engine and
 * a real MongoDB both answer. The winning plan is read wherever a server nests it: under
 * `queryPlanner.winningPlan` (a find, or an aggregate wholly pushed down), under
 * `stages[0].$cursor.queryPlanner` (an aggregate), inside `queryPlan` (the slot-based engine), per
 * shard, and below FETCH, SORT, LIMIT, SKIP or PROJECTION stages.
 */
import type { Collection, Db, Document } from 'mongodb';

export interface Command {
  readonly collection: string;
  readonly kind: 'find' | 'aggregate' | 'count';
  readonly filter: Document;
  readonly options: Document;
  readonly pipeline: Document[];
}

function isDocument(value: unknown): value is Document {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const documentOr = (value: unknown): Document => (isDocument(value) ? value : {});

/** A `Db` whose collections note every read the host makes while `sink()` gives a list. */
export function recorder(db: Db, sink: () => Command[] | undefined): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'collection') return Reflect.get(target, property, receiver);
      return (name: string) => {
        const collection = target.collection(name);
        return new Proxy(collection, {
          get(inner: Collection, key, innerReceiver) {
            const original = Reflect.get(inner, key, innerReceiver);
            if (typeof original !== 'function') return original;
            return (...args: unknown[]) => {
              const note = (command: Omit<Command, 'collection'>) =>
                sink()?.push({ collection: name, ...command });
              const [first, second] = args;
              if (key === 'find')
                note({ kind: 'find', filter: documentOr(first), options: documentOr(second), pipeline: [] });
              if (key === 'aggregate') {
                const pipeline = Array.isArray(first) ? first.filter(isDocument) : [];
                note({ kind: 'aggregate', filter: {}, options: {}, pipeline });
              }
              if (key === 'countDocuments')
                note({ kind: 'count', filter: documentOr(first), options: {}, pipeline: [] });
              return original.apply(inner, args);
            };
          },
        });
      };
    },
  });
}

/**
 * The explain output of a recorded command. A count is explained as the pipeline the driver's
 * `countDocuments` sends (`$match`, then `$group` of `$sum: 1`).
 */
export async function planOf(db: Db, command: Command): Promise<Document> {
  const collection = db.collection(command.collection);
  if (command.kind === 'find') {
    const { projection, sort, skip, limit } = command.options;
    let cursor = collection.find(command.filter, { projection, sort });
    if (skip) cursor = cursor.skip(skip);
    if (limit) cursor = cursor.limit(limit);
    return cursor.explain('queryPlanner');
  }
  const pipeline =
    command.kind === 'count'
      ? [{ $match: command.filter }, { $group: { _id: 1, n: { $sum: 1 } } }]
      : command.pipeline;
  return collection.aggregate(pipeline).explain('queryPlanner');
}

/** The stages of the winning plans in an explain output (rejected plans and statistics left out). */
function winningStages(explained: unknown): Document[] {
  const found: Document[] = [];
  const walk = (node: unknown, inPlan: boolean): void => {
    if (Array.isArray(node)) for (const item of node) walk(item, inPlan);
    else if (isDocument(node)) {
      if (inPlan && typeof node.stage === 'string') found.push(node);
      for (const [key, value] of Object.entries(node)) {
        if (key === 'rejectedPlans' || key === 'executionStats') continue;
        walk(value, inPlan || key === 'winningPlan');
      }
    }
  };
  walk(explained, false);
  return found;
}

const INDEX_SCANS = new Set(['IXSCAN', 'IDHACK', 'EXPRESS_IXSCAN', 'COUNT_SCAN', 'DISTINCT_SCAN']);

/** What a plan reads: `COLLSCAN`, or the index scans it makes (by index name, `_id` for IDHACK). */
export function readsOf(explained: unknown): string[] {
  return winningStages(explained)
    .filter((stage) => stage.stage === 'COLLSCAN' || INDEX_SCANS.has(stage.stage))
    .map((stage) =>
      stage.stage === 'COLLSCAN'
        ? 'COLLSCAN'
        : String(stage.indexName ?? (stage.stage === 'IDHACK' ? '_id_' : stage.stage)),
    );
}

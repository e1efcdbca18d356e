/**
 * `explain()`'s answer in MongoDB's words, a subset of what a server's `executionStats` verbosity
 * gives: the winning plan (`IXSCAN` with its `indexName` under a `FETCH`, or `COLLSCAN`) and how
 * much it read (`totalKeysExamined`, `totalDocsExamined`) and returned (`nReturned`). Sort, skip,
 * limit and projection stages are not shown; there are never rejected plans to list. An aggregate's
 * answer is MongoDB's `stages` form: the query's plan in a first `$cursor` stage, then the rest.
 */
import type { Document } from '../bson/document.js';
import type { PlanReport } from './planner.js';

export interface ExplainInput {
  readonly namespace: string;
  readonly filter: Document;
  readonly report: PlanReport;
  readonly nReturned: number;
  /** False for the `queryPlanner` verbosity: the plan without its execution statistics. */
  readonly withStats: boolean;
}

function stages(report: PlanReport, nReturned: number, withStats: boolean): Document {
  const { index } = report;
  if (index === undefined) {
    const scan: Document = { stage: 'COLLSCAN', direction: 'forward' };
    return withStats ? { ...scan, nReturned, docsExamined: report.docsExamined } : scan;
  }
  const input: Document = {
    stage: 'IXSCAN',
    keyPattern: { ...index.key },
    indexName: index.name,
    isMultiKey: index.multikey.some(Boolean),
    isUnique: index.unique,
    isSparse: index.sparse,
    isPartial: index.partialFilterExpression !== undefined,
    direction: 'forward',
  };
  if (!withStats) return { stage: 'FETCH', inputStage: input };
  return {
    stage: 'FETCH',
    nReturned,
    docsExamined: report.docsExamined,
    inputStage: { ...input, nReturned: report.docsExamined, keysExamined: report.keysExamined },
  };
}

function explained({ namespace, filter, report, nReturned, withStats }: ExplainInput): Document {
  const out: Document = {
    queryPlanner: {
      namespace,
      parsedQuery: filter,
      winningPlan: stages(report, nReturned, false),
      rejectedPlans: [],
    },
  };
  if (withStats) {
    out.executionStats = {
      executionSuccess: true,
      nReturned,
      totalKeysExamined: report.keysExamined,
      totalDocsExamined: report.docsExamined,
      executionStages: stages(report, nReturned, true),
    };
  }
  return out;
}

export function explainDocument(input: ExplainInput): Document {
  return { ...explained(input), ok: 1 };
}

/** An aggregate's explain: `$cursor` (the plan of the stages the query layer ran), then `rest` as given. */
export function explainPipeline(input: ExplainInput, rest: readonly Document[]): Document {
  return { stages: [{ $cursor: explained(input) }, ...rest], ok: 1 };
}

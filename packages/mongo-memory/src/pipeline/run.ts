/**
 * The aggregation pipeline runner. Each stage is validated the way MongoDB validates it and run
 * here; mingo only evaluates expressions and the rarer accumulators. No stage changes its input
 * documents (they may be the stored ones): stages build new documents or pass them on. Unknown stages are rejected
 * with MongoDB's error; stages MongoDB has but this engine lacks are rejected by name.
 */

import type { Document } from '../bson/document.js';
import { isDocument, typeName } from '../bson/order.js';
import { getPath, MISSING, withPath } from '../bson/paths.js';
import { MemoryEngineUnsupportedError, serverError } from '../errors/engine-errors.js';
import { evaluate, validateExpression } from '../expression/evaluate.js';
import { applyProjection } from '../projection/apply.js';
import { parseProjection, parseUnset } from '../projection/parse.js';
import { compileFilter } from '../query/filter.js';
import { normalizeSort, sortDocuments } from '../sort/sort-documents.js';
import type { CollectionStore } from '../store/collection-store.js';
import { group } from './group.js';
import { type LookupHost, lookup } from './lookup.js';

export interface PipelineHost {
  /** The stored state of a collection of the same database (for `$lookup`). */
  resolve(name: string): CollectionStore | undefined;
}

/** Stages MongoDB knows that this engine does not run. */
const KNOWN_UNSUPPORTED = new Set([
  '$bucket',
  '$bucketAuto',
  '$changeStream',
  '$collStats',
  '$currentOp',
  '$densify',
  '$documents',
  '$fill',
  '$geoNear',
  '$graphLookup',
  '$indexStats',
  '$listSessions',
  '$merge',
  '$out',
  '$planCacheStats',
  '$redact',
  '$sample',
  '$search',
  '$searchMeta',
  '$setWindowFields',
  '$sortByCount',
  '$unionWith',
  '$vectorSearch',
  '$listSearchIndexes',
  '$changeStreamSplitLargeEvent',
  '$querySettings',
  '$listSampledQueries',
]);

const FACET_FORBIDDEN = new Set([
  '$facet',
  '$out',
  '$merge',
  '$collStats',
  '$indexStats',
  '$geoNear',
  '$changeStream',
]);

export function runPipeline(
  input: Document[],
  pipeline: unknown,
  host: PipelineHost,
  variables?: Document,
): Document[] {
  return preparePipeline(pipeline, host, variables)(input);
}

type Run = (docs: Document[]) => Document[];

/**
 * A pipeline ready to run on many inputs with the same variables (a `$lookup` sub-pipeline runs
 * once per input document). Each stage is checked and compiled when it is first reached, as
 * `runPipeline` would, and kept for the next runs.
 */
function preparePipeline(pipeline: unknown, host: PipelineHost, variables?: Document): Run {
  if (!Array.isArray(pipeline)) throw serverError(14, "'pipeline' option must be specified as an array");
  const prepared: Array<Run | undefined> = new Array(pipeline.length);
  return (input) => {
    let docs = input;
    for (let i = 0; i < pipeline.length; i++) {
      let run = prepared[i];
      if (run === undefined) {
        run = prepareStage(pipeline[i], host, variables, sortLimit(pipeline, i));
        prepared[i] = run;
      }
      docs = run(docs);
    }
    return docs;
  };
}

/** The single stage name and argument of a well-formed stage, else undefined. */
function stageOf(stage: unknown): [string, unknown] | undefined {
  if (!isDocument(stage)) return undefined;
  const keys = Object.keys(stage);
  return keys.length === 1 ? [keys[0]!, stage[keys[0]!]] : undefined;
}

/**
 * MongoDB's top-k coalescence: a `$sort` followed by a `$limit` (or by a `$skip` and a `$limit`)
 * only needs the first limit (skip + limit) documents of its order. Those stages still run after
 * it, on that prefix, so the answer is the full sort's; arguments they would reject leave the
 * sort whole (and the stage then reports its error as before).
 */
function sortLimit(pipeline: unknown[], at: number): number | undefined {
  if (stageOf(pipeline[at])?.[0] !== '$sort') return undefined;
  const next = stageOf(pipeline[at + 1]);
  try {
    if (next?.[0] === '$limit') return limitArg(next[1]);
    const after = stageOf(pipeline[at + 2]);
    if (next?.[0] === '$skip' && after?.[0] === '$limit') return skipArg(next[1]) + limitArg(after[1]);
  } catch {
    // An invalid $skip or $limit: sort everything; that stage throws when it runs.
  }
  return undefined;
}

function skipArg(spec: unknown): number {
  if (typeName(spec) === 'missing' || !['int', 'long', 'double', 'decimal'].includes(typeName(spec))) {
    throw serverError(15972, `Argument to $skip must be a number not a ${typeName(spec)}`);
  }
  const n = integerArg(spec);
  if (n === undefined || n < 0) {
    throw serverError(
      15956,
      `invalid argument to $skip stage: Expected a non-negative integer, got ${String(spec)}`,
    );
  }
  return n;
}

function limitArg(spec: unknown): number {
  if (!['int', 'long', 'double', 'decimal'].includes(typeName(spec))) {
    throw serverError(15957, 'the limit must be specified as a number');
  }
  const n = integerArg(spec);
  if (n === undefined || n <= 0) throw serverError(15958, 'the limit must be positive');
  return n;
}

function integerArg(value: unknown): number | undefined {
  const n =
    typeof value === 'number'
      ? value
      : typeName(value) === 'long' || typeName(value) === 'int'
        ? Number(value)
        : undefined;
  // MongoDB parses $skip and $limit as 64-bit integers: 2 ** 63 and beyond do not fit.
  return n !== undefined && Number.isInteger(n) && n < 2 ** 63 && n >= -(2 ** 63) ? n : undefined;
}

/**
 * One stage, checked and compiled (throwing what running it would throw before it reads a
 * document), as a function of its input documents.
 */
function prepareStage(
  stage: unknown,
  host: PipelineHost,
  variables: Document | undefined,
  /** For a `$sort`: only this many documents of its order are needed (see `sortLimit`). */
  limit?: number,
): Run {
  if (!isDocument(stage) || Object.keys(stage).length !== 1) {
    throw serverError(40323, 'A pipeline stage specification object must contain exactly one field.');
  }
  const name = Object.keys(stage)[0]!;
  const spec = stage[name];
  switch (name) {
    case '$match': {
      if (!isDocument(spec)) throw serverError(15959, 'the match filter must be an expression in an object');
      const test = compileFilter(spec, variables ? { variables } : {});
      return (docs) => docs.filter(test);
    }
    case '$project': {
      const projection = parseProjection(spec, 'project');
      return (docs) => docs.map((d) => applyProjection(d, projection, variables));
    }
    case '$addFields':
    case '$set': {
      if (!isDocument(spec)) throw serverError(40272, `${name} specification stage must be an object`);
      const projection = parseProjection(spec, 'addFields');
      return (docs) => docs.map((d) => applyProjection(d, projection, variables));
    }
    case '$unset': {
      const projection = parseUnset(spec);
      return (docs) => docs.map((d) => applyProjection(d, projection, variables));
    }
    case '$sort': {
      if (!isDocument(spec)) throw serverError(15973, 'the $sort key specification must be an object');
      const sort = normalizeSort(spec, true);
      return (docs) => sortDocuments(docs, sort, limit);
    }
    case '$skip': {
      const n = skipArg(spec);
      return (docs) => docs.slice(n);
    }
    case '$limit': {
      const n = limitArg(spec);
      return (docs) => docs.slice(0, n);
    }
    case '$count': {
      if (typeof spec !== 'string') throw serverError(40156, 'the count field must be a non-empty string');
      if (spec === '') throw serverError(40157, 'the count field must be a non-empty string');
      if (spec.startsWith('$')) throw serverError(40158, 'the count field cannot be a $-prefixed path');
      if (spec.includes('.')) throw serverError(40160, "the count field cannot contain '.'");
      return (docs) => (docs.length === 0 ? [] : [{ [spec]: docs.length }]);
    }
    default:
      return (docs) => runStage(docs, name, spec, host, variables);
  }
}

/** The stages that do their checks as they run. */
function runStage(
  docs: Document[],
  name: string,
  spec: unknown,
  host: PipelineHost,
  variables: Document | undefined,
): Document[] {
  switch (name) {
    case '$group':
      return group(docs, spec, variables);
    case '$unwind':
      return unwind(docs, spec);
    case '$replaceRoot':
    case '$replaceWith': {
      let expr: unknown = spec;
      if (name === '$replaceRoot') {
        if (!isDocument(spec) || !Object.hasOwn(spec, 'newRoot')) {
          throw serverError(40231, 'no newRoot specified for the $replaceRoot stage');
        }
        expr = spec.newRoot;
      }
      validateExpression(expr);
      return docs.map((d) => {
        const root = evaluate(d, expr, variables);
        if (!isDocument(root)) {
          throw serverError(
            40228,
            `'replacement document' must evaluate to an object, but resulting value was: ${JSON.stringify(root ?? 'MISSING')}. Type of resulting value: '${typeName(root)}'.`,
          );
        }
        return root;
      });
    }
    case '$facet': {
      if (!isDocument(spec) || Object.keys(spec).length === 0) {
        throw serverError(40169, 'the $facet specification must be a non-empty object');
      }
      const out: Document = {};
      for (const [field, sub] of Object.entries(spec)) {
        if (!Array.isArray(sub))
          throw serverError(40170, `arguments to $facet must be arrays, ${field} is type ${typeName(sub)}`);
        for (const s of sub) {
          const stageName = isDocument(s) ? Object.keys(s)[0] : undefined;
          if (stageName && FACET_FORBIDDEN.has(stageName)) {
            throw serverError(40600, `${stageName} is not allowed to be used within a $facet stage`);
          }
        }
        out[field] = runPipeline(docs, sub, host, variables);
      }
      return [out];
    }
    case '$lookup': {
      const lookupHost: LookupHost = {
        resolve: (n) => host.resolve(n),
        prepare: (pipeline, vars) => preparePipeline(pipeline, host, vars),
      };
      return lookup(docs, spec, lookupHost, variables);
    }
    default:
      if (KNOWN_UNSUPPORTED.has(name))
        throw new MemoryEngineUnsupportedError(`The aggregation stage ${name}`);
      throw serverError(40324, `Unrecognized pipeline stage name: '${name}'`);
  }
}

function unwind(docs: Document[], spec: unknown): Document[] {
  let path: unknown = spec;
  let indexField: string | undefined;
  let preserve = false;
  if (isDocument(spec)) {
    for (const key of Object.keys(spec)) {
      if (!['path', 'includeArrayIndex', 'preserveNullAndEmptyArrays'].includes(key)) {
        throw serverError(28811, `unrecognized option to $unwind stage: ${key}`);
      }
    }
    path = spec.path;
    if (spec.includeArrayIndex !== undefined) {
      if (typeof spec.includeArrayIndex !== 'string' || spec.includeArrayIndex === '') {
        throw serverError(
          28810,
          'expected a non-empty string for the includeArrayIndex option to $unwind stage',
        );
      }
      if (spec.includeArrayIndex.startsWith('$')) {
        throw serverError(
          28822,
          "includeArrayIndex option to $unwind stage should not be prefixed with a '$'",
        );
      }
      indexField = spec.includeArrayIndex;
    }
    if (spec.preserveNullAndEmptyArrays !== undefined) {
      if (typeof spec.preserveNullAndEmptyArrays !== 'boolean') {
        throw serverError(
          28809,
          'expected a boolean for the preserveNullAndEmptyArrays option to $unwind stage',
        );
      }
      preserve = spec.preserveNullAndEmptyArrays;
    }
  } else if (typeof spec !== 'string') {
    throw serverError(15981, 'expected either a string or an object as specification for $unwind stage');
  }
  if (typeof path !== 'string' || path === '') throw serverError(28812, 'no path specified to $unwind stage');
  if (!path.startsWith('$'))
    throw serverError(28818, "path option to $unwind stage should be prefixed with a '$'");
  const field = path.slice(1);
  const out: Document[] = [];
  for (const doc of docs) {
    const value = getPath(doc, field);
    if (Array.isArray(value) && value.length > 0) {
      value.forEach((element, i) => {
        const next = withPath(doc, field, element);
        out.push(indexField ? withPath(next, indexField, i) : next);
      });
    } else if (Array.isArray(value) || value === MISSING || value === null) {
      if (!preserve) continue;
      const next = Array.isArray(value) ? withPath(doc, field, MISSING) : doc;
      out.push(indexField ? withPath(next, indexField, null) : next);
    } else {
      out.push(indexField ? withPath(doc, indexField, null) : doc);
    }
  }
  return out;
}

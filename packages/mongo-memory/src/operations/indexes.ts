/**
 * `createIndex`, `createIndexes`, `indexes` and `dropIndex`, with MongoDB's answers to a repeated
 * index: the same one again is its name, the same name or key with other options is an error.
 */
import type { IndexDescriptionInfo } from 'mongodb';
import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';
import { canonicalKey } from '../bson/order.js';
import { serverError } from '../errors/engine-errors.js';
import {
  type IndexDefinition,
  type IndexOptions,
  makeIndex,
  normalizeKeys,
} from '../indexes/unique-index.js';
import type { Target } from './target.js';

export function createIndex(target: Target, keys: unknown, options: IndexOptions): string {
  const key = normalizeKeys(keys);
  const store = target.write();
  const index = makeIndex(key, options);
  const sameName = store.indexes.find((i) => i.name === index.name);
  const sameKey = store.indexes.find((i) => canonicalKey(i.key) === canonicalKey(key));
  const sameOptions = (i: IndexDefinition): boolean =>
    i.unique === index.unique &&
    i.sparse === index.sparse &&
    canonicalKey(i.partialFilterExpression ?? null) === canonicalKey(index.partialFilterExpression ?? null);
  if (sameName) {
    if (canonicalKey(sameName.key) !== canonicalKey(key)) {
      throw serverError(
        86,
        `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: { v: 2, key: ${JSON.stringify(key)}, name: "${index.name}" }, existing index: { v: 2, key: ${JSON.stringify(sameName.key)}, name: "${sameName.name}" }`,
      );
    }
    if (!sameOptions(sameName)) {
      throw serverError(
        85,
        `An existing index has the same name as the requested index. Requested index: { name: "${index.name}" }`,
      );
    }
    return sameName.name;
  }
  if (sameKey && sameOptions(sameKey)) {
    if (options.name !== undefined) {
      throw serverError(85, `Index already exists with a different name: ${sameKey.name}`);
    }
    return sameKey.name;
  }
  store.addIndex(index);
  return index.name;
}

/** The indexes as the driver's `indexes()` lists them (`full: true`). */
export function listIndexes(target: Target): IndexDescriptionInfo[] {
  const store = target.existing();
  if (!store) throw serverError(26, `ns does not exist: ${target.namespace}`);
  return store.indexes.map((i) => {
    const out: IndexDescriptionInfo = {
      v: 2,
      key: { ...i.key } as IndexDescriptionInfo['key'],
      name: i.name,
    };
    if (i.unique && i.name !== '_id_') out.unique = true;
    if (i.sparse) out.sparse = true;
    if (i.partialFilterExpression) out.partialFilterExpression = cloneValue(i.partialFilterExpression);
    return out;
  });
}

/** Drops the index named, or the one index with the key pattern given. */
export function dropIndex(target: Target, indexName: string | Document): Document {
  const store = target.existing();
  if (!store) throw serverError(26, `ns not found ${target.namespace}`);
  const named = (i: { name: string; key: Document }): boolean =>
    typeof indexName === 'string' ? i.name === indexName : canonicalKey(i.key) === canonicalKey(indexName);
  if (typeof indexName !== 'string' && store.indexes.filter(named).length > 1) {
    throw serverError(
      181,
      `index keyPattern ${JSON.stringify(indexName)} matches more than one index, please use the index name to drop the index`,
    );
  }
  const at = store.indexes.findIndex(named);
  if (at === -1) {
    throw serverError(
      27,
      `index not found with name [${typeof indexName === 'string' ? indexName : JSON.stringify(indexName)}]`,
    );
  }
  if (store.indexes[at]!.name === '_id_') throw serverError(72, 'cannot drop _id index');
  const was = store.indexes.length;
  store.indexes.splice(at, 1);
  return { nIndexesWas: was, ok: 1 };
}

/**
 * The members of the driver's `Collection` that hold no documents: the settings the engine does not
 * have (read and write concerns, read preference, serialization options), and the Atlas Search
 * index members it does not implement (refused by name). `MemoryCollection` extends it.
 */
import type { BSONSerializeOptions, Hint, ReadConcern, ReadPreference, WriteConcern } from 'mongodb';
import { unsupportedMember } from './errors/engine-errors.js';

export abstract class CollectionSettings {
  // The engine has no read or write concerns, preferences or serialization options.
  get readConcern(): ReadConcern | undefined {
    return undefined;
  }
  get readPreference(): ReadPreference | undefined {
    return undefined;
  }
  get writeConcern(): WriteConcern | undefined {
    return undefined;
  }
  get bsonOptions(): BSONSerializeOptions {
    return {};
  }
  get timeoutMS(): number | undefined {
    return undefined;
  }
  get hint(): Hint | undefined {
    return undefined;
  }
  set hint(_hint: Hint | undefined) {
    unsupportedMember('Collection.hint');
  }

  // Atlas Search indexes.
  listSearchIndexes(): never {
    return unsupportedMember('Collection.listSearchIndexes()');
  }
  async createSearchIndex(): Promise<never> {
    return unsupportedMember('Collection.createSearchIndex()');
  }
  async createSearchIndexes(): Promise<never> {
    return unsupportedMember('Collection.createSearchIndexes()');
  }
  async dropSearchIndex(): Promise<never> {
    return unsupportedMember('Collection.dropSearchIndex()');
  }
  async updateSearchIndex(): Promise<never> {
    return unsupportedMember('Collection.updateSearchIndex()');
  }
}

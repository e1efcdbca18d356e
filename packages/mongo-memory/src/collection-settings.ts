/**
 * The members of the driver's `Collection` that hold no documents: the settings the engine does not
 * have (read and write concerns, read preference, serialization options), and the members it does
 * not implement — Atlas Search indexes, renames, change streams, the legacy bulk API — each
 * refused by name. `MemoryCollection` extends it.
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

  // Driver members the engine does not implement.
  async rename(): Promise<never> {
    return unsupportedMember('Collection.rename()');
  }
  async options(): Promise<never> {
    return unsupportedMember('Collection.options()');
  }
  async isCapped(): Promise<never> {
    return unsupportedMember('Collection.isCapped()');
  }
  async dropIndexes(): Promise<never> {
    return unsupportedMember('Collection.dropIndexes()');
  }
  listIndexes(): never {
    return unsupportedMember('Collection.listIndexes() (use indexes())');
  }
  async indexExists(): Promise<never> {
    return unsupportedMember('Collection.indexExists()');
  }
  async indexInformation(): Promise<never> {
    return unsupportedMember('Collection.indexInformation()');
  }
  watch(): never {
    return unsupportedMember('Collection.watch()');
  }
  initializeUnorderedBulkOp(): never {
    return unsupportedMember('Collection.initializeUnorderedBulkOp()');
  }
  initializeOrderedBulkOp(): never {
    return unsupportedMember('Collection.initializeOrderedBulkOp()');
  }
}

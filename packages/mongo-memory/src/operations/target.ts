/**
 * The collection an operation works on: its database and name, and the store of its documents.
 * Every operation in this folder takes one; the `MemoryCollection` facade owns it.
 */
import type { Db } from 'mongodb';
import type { Document } from '../bson/document.js';
import type { PipelineHost } from '../pipeline/run.js';
import type { CollectionStore } from '../store/collection-store.js';
import type { Clock } from './deadline.js';

/** What a collection needs from its database. */
export interface CollectionHost extends PipelineHost, Db {
  store(name: string, create: boolean): CollectionStore | undefined;
  /** Removes the collection's store; true when there was one. */
  forget(name: string): boolean;
  /** The clock `maxTimeMS` deadlines read. */
  readonly now: Clock;
  /** False when every query must scan the collection (the planner off, to compare answers). */
  readonly useIndexes: boolean;
}

export class Target {
  constructor(
    readonly host: CollectionHost,
    readonly name: string,
  ) {}

  get namespace(): string {
    return `${this.host.databaseName}.${this.name}`;
  }

  get useIndexes(): boolean {
    return this.host.useIndexes;
  }

  /** The store, if the collection exists (reads never create it). */
  existing(): CollectionStore | undefined {
    return this.host.store(this.name, false);
  }

  /** The stored documents, in natural order (none when the collection does not exist). */
  read(): readonly Document[] {
    return this.existing()?.docs ?? [];
  }

  /** The store, created on the first write. */
  write(): CollectionStore {
    return this.host.store(this.name, true)!;
  }
}

import { type CollectionInfo, type Document, ListCollectionsCursor } from 'mongodb';
import { unsupportedMember } from '../errors/engine-errors.js';
import { detachedClient } from './driver.js';
import { attach, CursorState, readsFromState } from './state.js';

const ReadingListCollectionsCursor = readsFromState(ListCollectionsCursor);

/**
 * `Db.listCollections()`: the driver's `ListCollectionsCursor`, built on a `Db` of the detached
 * client (its constructor reads the client and namespace from it), reading the engine's list.
 */
export class MemoryListCollectionsCursor<
  T extends Pick<CollectionInfo, 'name' | 'type'> | CollectionInfo =
    | Pick<CollectionInfo, 'name' | 'type'>
    | CollectionInfo,
> extends ReadingListCollectionsCursor<T> {
  /** @internal Cursors come from `db.listCollections()`. */
  constructor(dbName: string, run: () => Document[]) {
    super(detachedClient().db(dbName), {}, {});
    this.emit('close');
    attach(this, new CursorState(undefined, run));
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

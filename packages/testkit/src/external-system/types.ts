import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

// biome-ignore lint/suspicious/noExplicitAny: bodies are free-form JSON read by the tests.
export type Json = any;

/** The collections the external system takes, as its routes name them. */
export const EXTERNAL_COLLECTIONS = ['students', 'parents', 'grades'] as const;
export type ExternalCollection = (typeof EXTERNAL_COLLECTIONS)[number];

/** One request as the external system got it. */
export interface Received {
  /** 1, 2, 3… in order of arrival. */
  readonly seq: number;
  readonly method: string;
  /** The path (with query) as sent. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The body as text, exactly as sent (for signature checks). */
  readonly raw: string;
  /** The body parsed as JSON (`undefined` when empty or not JSON). */
  readonly body: Json;
  /** `Date.now()` when the request had fully arrived. */
  readonly at: number;
  /** `collection/<record _id>` for a create or update of a record the external system can tell. */
  readonly record: string | undefined;
  /** The status it answered (undefined while pending or when it never answered). */
  status: number | undefined;
  /** Answered by a script or a queued reply rather than by the external system's own store. */
  scripted: boolean;
}

/** A scripted answer. */
export interface Scripted {
  /** @default 200 */
  readonly status?: number;
  /** Sent as JSON (with `content-type: application/json`). */
  readonly body?: unknown;
  /** A raw body instead of JSON (also labelled JSON unless `headers` say otherwise). */
  readonly raw?: string;
  readonly headers?: Record<string, string>;
  /** Never answer (the client's time-out ends it). */
  readonly hang?: boolean;
  /** Let the external system's store handle the request now, but send its reply only this much later. */
  readonly replyLateMs?: number;
  /**
   * Let the external system's store handle the request now, and never send its reply: the client
   * gives up at its own time-out, after the entity was made (a reply lost on the way back). Decided
   * by the client closing the connection, not by a delay, so a busy machine changes nothing.
   */
  readonly replyLost?: boolean;
  /** Take the raw response instead (to cut the connection, write a chunked body, …). */
  readonly respond?: (response: ServerResponse, request: Received) => void;
}

export type Script = (request: Received) => Scripted | undefined | Promise<Scripted | undefined>;

/** An entity of the external system, created by a POST and patched by PUTs. */
export interface Entity {
  readonly collection: ExternalCollection;
  readonly externalId: string;
  /** `collection/<record _id>` (from the create's Idempotency-Key). */
  readonly record: string;
  state: Json;
}

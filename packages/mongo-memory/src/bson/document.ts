/** A document as the engine holds it: the driver's plain object of fields, read with `isDocument`. */
export type Document = Record<string, unknown>;

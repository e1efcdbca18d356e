/**
 * What the native expression compiler's parts share: the compiled shape, the scope of variables
 * bound inside an expression (`$map`'s and `$filter`'s `as`), and the signal that an expression
 * is not handled here (the caller then evaluates it with mingo).
 */
import { cloneValue } from '../bson/clone.js';
import type { Document } from '../bson/document.js';

/** A compiled expression: the current document, the frame of `$map`/`$filter` variables, and the outer (`let`) variables. */
export type Eval = (root: unknown, frame: unknown[], vars: Document | undefined) => unknown;

/** Thrown while compiling when the expression uses anything this compiler does not handle. */
export class Unsupported extends Error {}
export const unsupported = (): never => {
  throw new Unsupported();
};

export interface Scope {
  /** The slot of each variable bound inside the expression, innermost binding last. */
  names: Map<string, number>;
  slots: number;
}

export const VARIABLE_NAME = /^[a-z\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*$/;

/** A constant: primitives as they are; objects (the caller's) copied for each result. */
export function constant(value: unknown): Eval {
  if (value === null || typeof value !== 'object') return () => value;
  return () => cloneValue(value);
}

/** The single argument of an operator: `x` or `[x]`. */
export function oneArg(arg: unknown): unknown {
  if (Array.isArray(arg)) return arg.length === 1 ? arg[0] : unsupported();
  return arg;
}

export function bind(scope: Scope, name: unknown): [number, () => void] {
  if (typeof name !== 'string' || !VARIABLE_NAME.test(name)) return unsupported();
  const previous = scope.names.get(name);
  const slot = scope.slots++;
  scope.names.set(name, slot);
  const restore = () => {
    if (previous === undefined) scope.names.delete(name);
    else scope.names.set(name, previous);
  };
  return [slot, restore];
}

export function onlyKeys(spec: Document, allowed: readonly string[], required: readonly string[]): void {
  for (const key of Object.keys(spec)) if (!allowed.includes(key)) unsupported();
  for (const key of required) if (!Object.hasOwn(spec, key)) unsupported();
}

/** Element query operators: `$exists` and `$type` (BSON type names and codes, and "number"). */
import { toNumber, typeName } from '../bson/order.js';
import { MISSING, type Resolved } from '../bson/paths.js';
import { badValue } from '../errors/engine-errors.js';
import { truthy } from '../expression/values.js';
import type { OperatorCompiler, ValueTest } from './predicates.js';

const TYPE_CODES: Record<number, string> = {
  1: 'double',
  2: 'string',
  3: 'object',
  4: 'array',
  5: 'binData',
  6: 'undefined',
  7: 'objectId',
  8: 'bool',
  9: 'date',
  10: 'null',
  11: 'regex',
  12: 'dbPointer',
  13: 'javascript',
  14: 'symbol',
  15: 'javascriptWithScope',
  16: 'int',
  17: 'timestamp',
  18: 'long',
  19: 'decimal',
  [-1]: 'minKey',
  127: 'maxKey',
};
const TYPE_NAMES = new Set([...Object.values(TYPE_CODES), 'number']);

function typeTest(arg: unknown, single: boolean): ValueTest {
  const list = Array.isArray(arg) ? arg : [arg];
  if (list.length === 0) throw badValue('$type must match at least one type');
  const names = list.map((t) => {
    if (typeof t === 'string') {
      if (!TYPE_NAMES.has(t)) throw badValue(`Unknown type name alias: ${t}`);
      return t;
    }
    const name = TYPE_CODES[toNumber(t)];
    if (name === undefined) throw badValue(`Invalid numerical type code: ${String(t)}`);
    return name;
  });
  const matches = (v: Resolved): boolean => {
    if (v === MISSING) return false;
    const name = typeName(v);
    return names.some(
      (n) => n === name || (n === 'number' && ['int', 'long', 'double', 'decimal'].includes(name)),
    );
  };
  if (single) return (candidates) => candidates.some(matches);
  return (candidates) =>
    candidates.some((c) => matches(c) || (Array.isArray(c) && c.some((e) => matches(e))));
}

export const ELEMENT_OPERATORS: Readonly<Record<string, OperatorCompiler>> = {
  $exists: ({ arg }) => {
    const want = truthy(arg);
    return (candidates) => candidates.some((c) => c !== MISSING) === want;
  },
  $type: ({ arg, single }) => typeTest(arg, single),
};

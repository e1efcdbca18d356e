/**
 * Numbers compared as MongoDB compares them: by exact value across int, long, double and decimal.
 * `Decimal128("9.99")` is not the double 9.99 (which is 9.9900000000000002131…), `Long(2^53 + 1)` is
 * above the double 2^53, `Decimal128("0.5")` equals 0.5. Each value is read as an exact fraction
 * of BigInts; plain JS numbers compare directly, the common case.
 */
import { bsonType } from './order.js';

/** An exact number: a fraction (`den` > 0), or NaN, or an infinity. */
type Exact =
  | { readonly kind: 'finite'; readonly num: bigint; readonly den: bigint }
  | { readonly kind: 'nan' }
  | { readonly kind: 'infinity'; readonly sign: 1 | -1 };

const NAN: Exact = { kind: 'nan' };
const view = new DataView(new ArrayBuffer(8));

/** The exact value of a double: its mantissa times a power of two. */
function exactDouble(value: number): Exact {
  if (Number.isNaN(value)) return NAN;
  if (!Number.isFinite(value)) return { kind: 'infinity', sign: value > 0 ? 1 : -1 };
  if (Number.isSafeInteger(value)) return { kind: 'finite', num: BigInt(value), den: 1n };
  view.setFloat64(0, value);
  const high = view.getUint32(0);
  const low = view.getUint32(4);
  const negative = high >>> 31 === 1;
  const biased = (high >>> 20) & 0x7ff;
  let mantissa = (BigInt(high & 0xfffff) << 32n) | BigInt(low);
  if (biased !== 0) mantissa |= 1n << 52n;
  const exponent = (biased === 0 ? 1 : biased) - 1075;
  const num = negative ? -mantissa : mantissa;
  return exponent >= 0
    ? { kind: 'finite', num: num << BigInt(exponent), den: 1n }
    : { kind: 'finite', num, den: 1n << BigInt(-exponent) };
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?(?:E([+-]?\d+))?$/i;

/** The exact value of a Decimal128, from its canonical string. */
function exactDecimal(text: string): Exact {
  if (text === 'NaN' || text === '-NaN') return NAN;
  if (text === 'Infinity' || text === '-Infinity')
    return { kind: 'infinity', sign: text[0] === '-' ? -1 : 1 };
  const match = DECIMAL.exec(text);
  if (match === null) return NAN;
  const [, minus, whole = '0', fraction = '', exp = '0'] = match;
  const digits = BigInt(whole + fraction) * (minus ? -1n : 1n);
  const exponent = Number(exp) - fraction.length;
  return exponent >= 0
    ? { kind: 'finite', num: digits * 10n ** BigInt(exponent), den: 1n }
    : { kind: 'finite', num: digits, den: 10n ** BigInt(-exponent) };
}

/** The exact value of a number-like value (JS number, bigint, Int32, Double, Long, Decimal128). */
function exactNumber(value: unknown): Exact {
  if (typeof value === 'number') return exactDouble(value);
  if (typeof value === 'bigint') return { kind: 'finite', num: value, den: 1n };
  switch (bsonType(value)) {
    case 'Int32':
    case 'Double':
      return exactDouble((value as { value: number }).value);
    case 'Long':
      return { kind: 'finite', num: BigInt(String(value)), den: 1n };
    case 'Decimal128':
      return exactDecimal(String(value));
    default:
      return NAN;
  }
}

/** MongoDB's order of numbers: NaN first (and equal to NaN), then by value. */
function compareExact(a: Exact, b: Exact): number {
  if (a.kind === 'nan') return b.kind === 'nan' ? 0 : -1;
  if (b.kind === 'nan') return 1;
  if (a.kind === 'infinity') return b.kind === 'infinity' && b.sign === a.sign ? 0 : a.sign;
  if (b.kind === 'infinity') return -b.sign;
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Compare two number-like values by exact value. */
export function compareNumbers(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
    if (Number.isNaN(b)) return 1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  return compareExact(exactNumber(a), exactNumber(b));
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

/**
 * A key equal for two number-like values exactly when they are equal in value: a value equal to a
 * double has that double's key (JS numbers, the common case, need no BigInt); any other value its
 * reduced fraction.
 */
export function numberKey(value: unknown): string {
  if (typeof value === 'number')
    return Number.isNaN(value) ? 'n:NaN' : `n:${Object.is(value, -0) ? 0 : value}`;
  const exact = exactNumber(value);
  if (exact.kind === 'nan') return 'n:NaN';
  if (exact.kind === 'infinity') return exact.sign > 0 ? 'n:Infinity' : 'n:-Infinity';
  const nearest = Number(exact.num) / Number(exact.den);
  if (Number.isFinite(nearest) && compareExact(exact, exactDouble(nearest)) === 0) return numberKey(nearest);
  const divisor = gcd(exact.num, exact.den);
  const num = exact.num / divisor;
  const den = exact.den / divisor;
  return den === 1n ? `n:${num}` : `n:${num}/${den}`;
}

type Method = (this: unknown[], ...args: unknown[]) => unknown;

const CALLBACK_METHODS = ['some', 'every', 'find', 'findIndex', 'findLast', 'filter', 'forEach'];
const SCANNING_METHODS = ['includes', 'indexOf', 'lastIndexOf'];

/**
 * How many array elements `work` visits through the array methods that scan (`some`, `find`,
 * `includes`…): a structural measure of cost that does not depend on the machine's speed. A list
 * de-duplicated by scanning itself visits n²/2 elements for n entries; a keyed one visits none.
 */
export function countListVisits(work: () => void): number {
  let visits = 0;
  const originals = new Map<string, Method>();
  const replace = (method: string, counting: (original: Method) => Method) => {
    const original: Method = Reflect.get(Array.prototype, method);
    originals.set(method, original);
    Reflect.set(Array.prototype, method, counting(original));
  };
  for (const method of CALLBACK_METHODS) {
    replace(
      method,
      (original) =>
        function (this: unknown[], callback: unknown, thisArg?: unknown) {
          const counted = (...args: unknown[]) => {
            visits++;
            return typeof callback === 'function' ? Reflect.apply(callback, thisArg, args) : undefined;
          };
          return Reflect.apply(original, this, [counted]);
        },
    );
  }
  for (const method of SCANNING_METHODS) {
    replace(
      method,
      (original) =>
        function (this: unknown[], ...args: unknown[]) {
          visits += this.length;
          return Reflect.apply(original, this, args);
        },
    );
  }
  try {
    work();
  } finally {
    for (const [method, original] of originals) Reflect.set(Array.prototype, method, original);
  }
  return visits;
}

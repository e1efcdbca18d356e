/**
 * `instanceof` for this package's error classes across its copies. A program that loads both the
 * ESM and the CommonJS build (an ESM app with a CommonJS dependency, a test runner, a bundle) has
 * two classes of each name; an error built by one copy is not an instance of the other's by the
 * prototype chain. Each class marks its prototype with a symbol of the global registry (the same
 * symbol in every copy and realm) and answers `instanceof` by that mark: an error of a subclass
 * carries its parents' marks too, and a class's mark says nothing about other classes.
 */
export function recognisedAcrossCopies(
  errorClass: abstract new (...args: never[]) => Error,
  // Given, not read from `errorClass.name`, which a minifier may shorten differently in each copy.
  name: string,
): void {
  const brand = Symbol.for(`@school/integration-client/${name}`);
  Object.defineProperty(errorClass.prototype, brand, { value: true });
  // Defined, not assigned: `Function.prototype[Symbol.hasInstance]` is not writable.
  Object.defineProperty(errorClass, Symbol.hasInstance, {
    value: (value: unknown) => typeof value === 'object' && value !== null && brand in value,
  });
}

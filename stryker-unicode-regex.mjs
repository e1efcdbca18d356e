// A Stryker ignorer, on for every package (stryker.base.mjs): leaves out the mutants of a regex
// literal with the `u` or `v` flag whose pattern has a `\v` escape. Stryker's Regex mutator turns
// `\v` into `\V`, which is no escape under those flags: the mutated literal does not compile, and
// a literal that does not compile stops its whole module from loading, so every test file that
// imports it fails — which the Vitest runner reports as fewer tests, not as an error. Only the
// Regex mutator changes a regex literal, so this leaves out nothing else. (Example: query-dsl's
// `CONTROL` in src/validate/search.ts, `/(?![\t\n\v\f\r])\p{Cc}/u`.)

/** `\v` as an escape: preceded by an even number of backslashes (none, or escaped ones). */
const VERTICAL_TAB_ESCAPE = /(?<!\\)(?:\\\\)*\\v/u;

const unicodeRegex = {
  shouldIgnore(path) {
    if (!path.isRegExpLiteral()) return undefined;
    const { flags, pattern } = path.node;
    if (!/[uv]/u.test(flags) || !VERTICAL_TAB_ESCAPE.test(pattern)) return undefined;
    return 'a Regex mutant of this literal (`\\v` → `\\V`) does not compile under the u or v flag';
  },
};

export const strykerPlugins = [{ kind: 'Ignore', name: 'unicode-regex', value: unicodeRegex }];

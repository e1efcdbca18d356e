/**
 * Regexes anywhere in a filter (`$regex`, or a RegExp value):
 * - no NUL in the pattern or the options, at most 32764 bytes (BadValue from
 *   `RegexMatchExpression`, src/mongo/db/matcher/expression_leaf.cpp);
 * - user text only as an escaped literal: anchored with `^`, every character literal or a
 *   backslash before ASCII punctuation;
 * - index-bounded: a "simple prefix" per `IndexBoundsBuilder::simpleRegex`
 *   (src/mongo/db/query/index_bounds_builder.cpp): no options, no `|` anywhere (even escaped: some
 *   server versions check with `find('|')`), no unescaped metacharacter, no `\` before a letter or
 *   digit.
 * The library emits no regex today (search words are ranges); this rule keeps it that way or
 * keeps any future one within these bounds. Search ranges are checked here too: both bounds are
 * strings, so the range is one index interval.
 */
import { type Command, filtersOf, isPlainObject, type Violations } from './commands.js';

const MAX_PATTERN_BYTES = 32764;
const LITERAL_PREFIX = /^\^(?:\\[!-/:-@[-`{-~]|[^\\^$.*+?()[\]{}|])*$/u;

function regexViolations(pattern: unknown, options: unknown, where: string): Violations {
  if (typeof pattern !== 'string') return [`${where}: pattern ${String(pattern)}`];
  const out: Violations = [];
  if (pattern.includes('\0')) out.push(`${where}: NUL in the pattern`);
  if (Buffer.byteLength(pattern, 'utf8') > MAX_PATTERN_BYTES) out.push(`${where}: pattern too long`);
  if (options !== undefined && options !== '') out.push(`${where}: options ${String(options)}`);
  if (pattern.includes('|')) out.push(`${where}: | makes the regex not index-bounded`);
  if (!LITERAL_PREFIX.test(pattern))
    out.push(`${where}: ${JSON.stringify(pattern)} is not an escaped, anchored literal`);
  return out;
}

function walk(value: unknown, where: string, out: Violations): void {
  if (value instanceof RegExp) {
    out.push(...regexViolations(value.source, value.flags, where));
    return;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) walk(item, `${where}[${index}]`, out);
    return;
  }
  if (!isPlainObject(value)) return;
  if ('$regex' in value) out.push(...regexViolations(value.$regex, value.$options, `${where}.$regex`));
  for (const [key, child] of Object.entries(value)) {
    if (key === '$elemMatch' && isPlainObject(child) && ('$gte' in child || '$lt' in child)) {
      for (const bound of ['$gte', '$lt'] as const)
        if (bound in child && typeof child[bound] !== 'string')
          out.push(`${where}.$elemMatch.${bound}: not a string bound`);
    }
    walk(child, `${where}.${key}`, out);
  }
}

export function regexRule({ mongo }: Command): Violations {
  const out: Violations = [];
  for (const [where, filter] of filtersOf(mongo)) walk(filter, where, out);
  return out;
}

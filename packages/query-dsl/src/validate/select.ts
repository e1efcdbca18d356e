import type { CollectionDefinition } from '../collection/define-collection.js';
import { SUPPORTED_OPERATORS } from '../core/operators.js';
import type { ElemMatchProjection, Projection } from '../plan/types.js';
import type { FieldInfo } from '../schema/fields.js';
import { unsupported } from './conditions.js';
import type { ValidationContext } from './context.js';
import { readElementCriteria } from './element-criteria.js';
import { lookupField } from './field-lookup.js';
import { isPlainObject, mayHoldOperators, readJson } from './json.js';
import { forbiddenOperator } from './operators.js';

const PARAM = 'select';
const SELECT_OPERATORS: ReadonlySet<string> = new Set(['$elemMatch', ...SUPPORTED_OPERATORS]);

type Entry =
  | { readonly path: string; readonly include: boolean }
  | { readonly path: string; readonly elemMatch: unknown };

/**
 * `select` in its three forms — `user.name user.surname`, `user.name+user.surname`,
 * `{"user.name": 1}` — plus exclusion (`-field` / `{"field": 0}`) and the `$elemMatch` form, which
 * returns every element of an array that matches. `user` with `user.name` is just `user`.
 */
export function readSelect(
  collection: CollectionDefinition,
  raw: unknown,
  context: ValidationContext,
): Projection {
  const entries = readEntries(raw, context);
  if (!entries || entries.length === 0) return { kind: 'all' };
  const before = context.issues.reported;
  const include: string[] = [];
  const exclude: string[] = [];
  const elemMatch: ElemMatchProjection[] = [];
  let withoutId = false;
  for (const entry of entries) {
    const field = lookupField(collection, entry.path, entry.path, context.issues);
    if (!field) continue;
    if ('elemMatch' in entry) {
      const projection = readElemMatchProjection(collection, field, entry.elemMatch, context);
      if (projection) elemMatch.push(projection);
    } else if (entry.path === '_id') {
      withoutId ||= !entry.include;
      if (entry.include) include.push('_id');
    } else {
      (entry.include ? include : exclude).push(entry.path);
    }
  }
  if (context.issues.reported > before) return { kind: 'all' };
  if (include.length > 0 && exclude.length > 0) {
    context.issues.add(
      'INVALID_SELECT',
      PARAM,
      `select can include fields or exclude them, not both (included ${include[0]}, excluded ${exclude[0]}).`,
    );
    return { kind: 'all' };
  }
  const excluding = exclude.length > 0 || (withoutId && include.length === 0 && elemMatch.length === 0);
  const paths = withoutAncestorDuplicates(excluding ? exclude : include.filter((path) => path !== '_id'));
  for (const projection of elemMatch) {
    const clash = paths.find((path) => overlaps(path, projection.path));
    if (clash) {
      context.issues.add(
        'INVALID_SELECT',
        projection.path,
        `select names ${clash} and an $elemMatch on ${projection.path}; keep one of them.`,
      );
    }
  }
  if (excluding) return { kind: 'exclude', paths: withoutId ? [...paths, '_id'] : paths, elemMatch };
  return { kind: 'include', paths, elemMatch, withoutId };
}

function readEntries(raw: unknown, context: ValidationContext): Entry[] | undefined {
  if (isPlainObject(raw)) return objectEntries(raw, context);
  if (typeof raw !== 'string') {
    context.issues.add('INVALID_SELECT', PARAM, 'Give select once: "a b", "a+b" or {"a": 1, "b": 1}.');
    return undefined;
  }
  const text = raw.trim();
  if (text.startsWith('{')) {
    const parsed = readJson(text, PARAM, context.limits, context.issues);
    if (!parsed) return undefined;
    if (!isPlainObject(parsed.value)) return undefined;
    return objectEntries(parsed.value, context, text);
  }
  return text
    .split(/[\s+]+/u)
    .filter((token) => token.length > 0)
    .map((token) =>
      token.startsWith('-') ? { path: token.slice(1), include: false } : { path: token, include: true },
    );
}

/** `text`, when the object was parsed from it, lets it skip the walk for operators if it spells none. */
function objectEntries(
  object: Record<string, unknown>,
  context: ValidationContext,
  text?: string,
): Entry[] | undefined {
  const forbidden =
    text !== undefined && !mayHoldOperators(text) ? undefined : forbiddenOperator(object, SELECT_OPERATORS);
  if (forbidden) return unsupported(forbidden, PARAM, context);
  const entries: Entry[] = [];
  for (const [path, value] of Object.entries(object)) {
    if (value === 1 || value === true || value === '1') entries.push({ path, include: true });
    else if (value === 0 || value === false || value === '0') entries.push({ path, include: false });
    else if (isPlainObject(value) && Object.keys(value).length === 1 && '$elemMatch' in value) {
      entries.push({ path, elemMatch: value.$elemMatch });
    } else {
      context.issues.add(
        'INVALID_SELECT',
        path,
        `select values are 1 (include), 0 (exclude) or {"$elemMatch": {...}}; got ${JSON.stringify(value)} for ${path}.`,
      );
    }
  }
  return entries;
}

function readElemMatchProjection(
  collection: CollectionDefinition,
  field: FieldInfo,
  criteria: unknown,
  context: ValidationContext,
): ElemMatchProjection | undefined {
  if (!field.isArray || field.type !== 'object') {
    context.issues.add(
      'INVALID_SELECT',
      field.path,
      `$elemMatch needs an array of subdocuments; ${field.path} is not one.`,
    );
    return undefined;
  }
  const fields = readElementCriteria(collection, field, criteria, field.path, context, (element) =>
    element.isArray || element.arrayAncestor !== field.path
      ? `$elemMatch in select tests fields of ${field.path} that are single values; ${element.path} holds an array.`
      : undefined,
  );
  return fields ? { path: field.path, fields } : undefined;
}

/** Drops paths whose ancestor is also listed (`user` with `user.name` is `user`), keeping order. */
export function withoutAncestorDuplicates(paths: readonly string[]): string[] {
  const unique = new Set(paths);
  // Each path looks its own ancestors up (as many as it has dots), never the other paths: linear.
  return [...unique].filter((path) => {
    for (let dot = path.indexOf('.'); dot >= 0; dot = path.indexOf('.', dot + 1)) {
      if (unique.has(path.slice(0, dot))) return false;
    }
    return true;
  });
}

export function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
}

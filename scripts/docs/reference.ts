/**
 * The reference tables written from the code's own tables (`pnpm docs:tables` writes them;
 * test/reference-tables.test.ts fails when a page differs from what this gives): the query
 * language's operators, limits and issue codes, the integration client's errors, the in-process
 * engine's options, the service's error codes, body limits and environment variables.
 * The words of a table live here; its names and numbers come from the code, and a name without
 * words (or words without a name) stops the script.
 */

import { errorsTable as serviceErrors } from '../../apps/api/scripts/errors-table.js';
import { BODY_SHAPE, ITEM_LIMITS, TEXT_LIMITS } from '../../apps/api/src/config/limits.js';
import { errorsTables as clientErrors } from '../../packages/integration-client/scripts/errors-table.js';
import { OPTION_TABLE } from '../../packages/mongo-memory/src/operations/option-table.js';
import {
  errorsTable as issueCodes,
  limitsTable as queryLimits,
} from '../../packages/query-dsl/scripts/errors-table.js';
import { OPERATOR_KINDS } from '../../packages/query-dsl/src/core/operators.js';
import { configurationTable } from './configuration.js';
import { propertyDocs } from './jsdoc.js';
import { type GeneratedTable, markdownTable } from './tables.js';

const code = (text: string) => `\`${text}\``;

/** The words for each key of `table`: every key has words, and no words are left over. */
function described<K extends string>(
  table: Readonly<Record<K, unknown>>,
  words: Readonly<Record<string, string>>,
) {
  const keys = Object.keys(table) as K[];
  const missing = keys.filter((key) => !words[key]);
  const extra = Object.keys(words).filter((key) => !keys.includes(key as K));
  if (missing.length + extra.length > 0) {
    throw new Error(
      `words and table differ: without words ${missing.join(', ')}; words of nothing ${extra.join(', ')}`,
    );
  }
  return keys.map((key) => ({ key, words: words[key]! }));
}

const OPERAND: Record<string, string> = {
  comparison: "one value, read by the field's type",
  list: 'a JSON array, or repeated `field[$op][]=` values; a single bare value is `INVALID_VALUE`',
  exists: '`true` or `false`',
};

const OPERATOR_WORDS: Record<string, string> = {
  $eq: 'equal to the value (the same as `field=value`)',
  $ne: 'not equal to it (a record without the field matches)',
  $gt: "greater than it, in MongoDB's order within the value's type",
  $gte: 'greater than or equal to it',
  $lt: 'less than it',
  $lte: 'less than or equal to it',
  $in: 'equal to one of the values (a repeated key means `$in`)',
  $nin: 'equal to none of them',
  $exists: 'the field is present (`true`) or absent (`false`)',
};

function operators(): string {
  return markdownTable(
    ['operator', 'matches a record whose field is', 'takes'],
    described(OPERATOR_KINDS, OPERATOR_WORDS).map(({ key, words }) => [
      code(key),
      words,
      OPERAND[OPERATOR_KINDS[key]]!,
    ]),
  );
}

/** Options the table accepts nearly everywhere, written as one word in its rows. */
const GROUPS: Record<string, readonly string[]> = {
  read: ['comment', 'readConcern', 'readPreference', 'enableUtf8Validation', 'willRetryWrite'],
  write: ['comment', 'writeConcern', 'enableUtf8Validation', 'willRetryWrite'],
};

/** The accepted options of a method: a group's word when it holds the whole group, then the rest. */
function acceptedCell(names: readonly string[]): string {
  const group = Object.keys(GROUPS).find((word) => GROUPS[word]!.every((name) => names.includes(name)));
  const rest = names.filter((name) => !group || !GROUPS[group]!.includes(name)).map(code);
  const cell = [group, rest.join(' ')].filter(Boolean).join(', ');
  return cell || '—';
}

function engineOptions(): string {
  const rows: string[][] = [];
  for (const [method, options] of Object.entries(OPTION_TABLE)) {
    const of = (how: string) =>
      Object.keys(options).filter((name) => options[name as keyof typeof options] === how);
    const honoured = of('honoured').map(code).join(' ') || '—';
    const accepted = acceptedCell(of('accepted'));
    const last = rows.at(-1);
    // Methods that know the same options share a row.
    if (last && last[1] === honoured && last[2] === accepted) last[0] += `, ${code(method)}`;
    else rows.push([code(method), honoured, accepted]);
  }
  const groups = Object.entries(GROUPS).map(([word, names]) => `*${word}* is ${names.map(code).join(' ')}`);
  return `In the *Accepted* column, ${groups.join('; ')}.\n\n${markdownTable(['Method', 'Honoured', 'Accepted'], rows)}`;
}

const LIMITS_FILE = 'apps/api/src/config/limits.ts';

function bodyLimits(): string {
  const groups: { name: string; table: Readonly<Record<string, number>>; unit: string; past: string }[] = [
    {
      name: 'TEXT_LIMITS',
      table: TEXT_LIMITS,
      unit: ' characters',
      past: '`400 VALIDATION_FAILED` naming the field',
    },
    {
      name: 'ITEM_LIMITS',
      table: ITEM_LIMITS,
      unit: ' items',
      past: '`400 VALIDATION_FAILED` naming the field, reported alone before the schema check',
    },
    {
      name: 'BODY_SHAPE',
      table: BODY_SHAPE,
      unit: '',
      past: '`400 BODY_TOO_COMPLEX`, found by one pass over the text before `JSON.parse`',
    },
  ];
  const rows = groups.flatMap(({ name, table, unit, past }) => {
    const docs = propertyDocs(LIMITS_FILE, name);
    return described(table, Object.fromEntries(docs)).map(({ key, words }) => [
      code(`${name}.${key}`),
      `${table[key]}${unit}`,
      words,
      past,
    ]);
  });
  return markdownTable(['limit', 'value', 'what it bounds', 'past it'], rows);
}

/** Every generated table, with the page and marker it is written at. */
export const REFERENCE_TABLES: readonly GeneratedTable[] = [
  { page: 'packages/query-dsl/docs/conventions.md', name: 'operators', render: operators },
  { page: 'packages/query-dsl/docs/limits.md', name: 'limits', render: queryLimits },
  { page: 'packages/query-dsl/docs/errors.md', name: 'issue-codes', render: issueCodes },
  ...Object.keys(clientErrors()).map((name) => ({
    page: 'packages/integration-client/docs/errors.md',
    name,
    render: () => clientErrors()[name]!,
  })),
  { page: 'docs/http-api.md', name: 'error-codes', render: serviceErrors },
  { page: 'packages/mongo-memory/docs/options.md', name: 'options', render: engineOptions },
  { page: 'docs/security.md', name: 'body-limits', render: bodyLimits },
  { page: 'apps/api/docs/configuration.md', name: 'configuration', render: configurationTable },
];

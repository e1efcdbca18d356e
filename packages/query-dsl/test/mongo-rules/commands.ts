/**
 * The commands the MongoDB rules are checked on: every command the library emits for
 * property-generated requests over every convention (the plausible and hostile queries of
 * test/support/arbitraries.ts, with and without a base filter), and for every README example.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CollectionDefinition, type MongoQuery, type ParseOptions, toMongo } from '@school/query-dsl';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { baseFilterOption, collectionName, hostileQuery, plausibleQuery } from '../support/arbitraries.js';
import { dsl } from '../support/school-collections.js';

/** A command with what it came from, for messages. */
export interface Command {
  readonly query: string;
  readonly collection: CollectionDefinition;
  readonly mongo: MongoQuery;
}

/** 300 runs by default; `PROPERTY_RUNS=5000` to hunt harder. */
const RUNS = { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) };

const collectionOf = (name: string): CollectionDefinition => {
  const collection = dsl.collections.get(name);
  if (!collection) throw new Error(`unknown collection ${name}`);
  return collection;
};

function commandFor(name: string, query: string, options: ParseOptions = {}): Command | undefined {
  const result = dsl.parseUntyped(name, query, options);
  return result.ok ? { query, collection: collectionOf(name), mongo: toMongo(result.plan) } : undefined;
}

/** Requests over every convention, most of them accepted; the rejected ones are `undefined`. */
const generatedCommands: fc.Arbitrary<Command | undefined> = fc
  .tuple(
    fc.oneof(
      { weight: 3, arbitrary: fc.tuple(fc.constant('students'), plausibleQuery) },
      { weight: 1, arbitrary: fc.tuple(collectionName, hostileQuery) },
    ),
    fc.option(baseFilterOption),
  )
  .map(([[name, query], option]) => commandFor(name, query, option ? { baseFilter: option.baseFilter } : {}));

/**
 * Every example of the README and its reference pages (`<!-- example: ... -->` blocks, most of them
 * in docs/conventions.md) that is accepted, as a command.
 */
function readmeCommands(): Command[] {
  const packageDir = join(import.meta.dirname, '..', '..');
  const pages = ['README.md', ...readdirSync(join(packageDir, 'docs')).map((name) => `docs/${name}`)]
    .filter((page) => page.endsWith('.md'))
    .map((page) => readFileSync(join(packageDir, page), 'utf8'))
    .join('\n');
  const commands: Command[] = [];
  for (const match of pages.matchAll(/<!-- example: (\w+) ([\w.]+) -->\n```text\n(.*?)\n```/gs)) {
    const command = commandFor(match[1]!, match[3]!);
    if (command) commands.push(command);
  }
  if (commands.length < 20) throw new Error(`only ${commands.length} README examples found`);
  return commands;
}

export type Violations = string[];
export type Rule = (command: Command) => Violations;

/** Every filter document of a command: the find filter or `$match`es (lookups included), and the counts. */
export function filtersOf(mongo: MongoQuery): Array<[where: string, filter: unknown]> {
  const out: Array<[string, unknown]> = [];
  if (mongo.read.kind === 'find') out.push(['filter', mongo.read.filter]);
  else {
    for (const [where, stage] of stagesOf(mongo.read.pipeline, 'pipeline'))
      if ('$match' in stage) out.push([`${where}.$match`, stage.$match]);
  }
  const { counts } = mongo;
  if (counts) {
    out.push(['counts.total', counts.total], ['counts.actualTotal', counts.actualTotal]);
    if (counts.active) out.push(['counts.active', counts.active]);
  }
  return out;
}

/** Every stage of a pipeline and of the pipelines of its `$lookup`s, with where it is. */
export function stagesOf(
  pipeline: readonly Record<string, unknown>[],
  where: string,
): Array<[where: string, stage: Record<string, unknown>]> {
  const out: Array<[string, Record<string, unknown>]> = [];
  pipeline.forEach((stage, index) => {
    const at = `${where}[${index}]`;
    out.push([at, stage]);
    const lookup = stage.$lookup as { pipeline?: Record<string, unknown>[] } | undefined;
    if (lookup && Array.isArray(lookup.pipeline))
      out.push(...stagesOf(lookup.pipeline, `${at}.$lookup.pipeline`));
  });
  return out;
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/** Applies a rule to generated commands and README examples: the first failing command's violations. */
function violationsOver(rule: Rule, commands: Iterable<Command>): Violations {
  for (const command of commands) {
    const violations = rule(command);
    if (violations.length > 0) return [`${command.collection.name}?${command.query}`, ...violations];
  }
  return [];
}

/**
 * The two checks every rule gets: on property-generated requests over every convention (with and
 * without a base filter), and on every README example. Registered inside the caller's `describe`.
 */
export function itHoldsForEveryEmittedCommand(rule: Rule): void {
  it('holds for every command of property-generated requests over every convention', () => {
    fc.assert(
      fc.property(generatedCommands, (command) => {
        if (command) expect(rule(command), `${command.collection.name}?${command.query}`).toEqual([]);
      }),
      RUNS,
    );
  });

  it('holds for every README example', () => {
    expect(violationsOver(rule, readmeCommands())).toEqual([]);
  });
}

/**
 * `pnpm generate` — compiles the JSON Schema (draft-07) meta-schema, taught the library's vocabulary,
 * into src/schema/meta-schema.generated.js (and its .d.ts) with Ajv's standalone output, so that
 * `defineCollection` checks a schema without generating code at run time. Run it after changing
 * the vocabulary; test/schema/generated-validators.test.ts fails until then.
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type StandaloneModule, standaloneValidators } from '@school/testkit/standalone-validators';

/** Where the module is written, without its extension (`.js`, `.d.ts`). */
export const generatedModule = join(import.meta.dirname, '..', 'src', 'schema', 'meta-schema.generated');

/** Ajv's copy of the draft-07 meta-schema, with `x-ref` and `x-hidden` at every level. */
function collectionMetaSchema(): object {
  const draft07 = createRequire(import.meta.url)('ajv/dist/refs/json-schema-draft-07.json') as {
    properties: object;
  };
  const { $id: _id, $schema: _schema, ...meta } = { ...draft07 } as Record<string, unknown>;
  return {
    ...meta,
    properties: {
      ...draft07.properties,
      'x-ref': { type: 'string', minLength: 1 },
      'x-hidden': { type: 'boolean' },
    },
  };
}

/** The module the meta-schema compiles to today. */
export function generateValidators(): StandaloneModule {
  return standaloneValidators(
    { collectionSchema: collectionMetaSchema() },
    // Formats in the meta-schema (`uri`, `regex`) are left to the check itself: a pattern is
    // compiled there, the way the library compiles it.
    { allErrors: true, strict: false, validateFormats: false },
    'packages/query-dsl/scripts/generate-validators.ts (pnpm generate)',
  );
}

if (process.argv[1] === import.meta.filename) {
  const { js, dts } = generateValidators();
  writeFileSync(`${generatedModule}.js`, js);
  writeFileSync(`${generatedModule}.d.ts`, dts);
}

/**
 * `pnpm generate` — compiles the package's JSON Schemas into src/validation/validators.generated.js
 * (and its .d.ts) with Ajv's standalone output, so the package validates without generating code at
 * run time. Run it after changing a schema; test/validation/generated-validators.test.ts fails until then.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type StandaloneModule, standaloneValidators } from '@school/testkit/standalone-validators';
import { failureNoticeSchema } from '../src/delivery/failure-notice.js';
import { replySchemas } from '../src/delivery/reply.js';
import { patchSchemas } from '../src/diff/patch-schemas.js';
import { payloadSchemas } from '../src/payloads/schemas.js';

/** Where the module is written, without its extension (`.js`, `.d.ts`). */
export const generatedModule = join(import.meta.dirname, '..', 'src', 'validation', 'validators.generated');

/** The module the schemas compile to today. */
export function generateValidators(): StandaloneModule {
  return standaloneValidators(
    {
      studentsPayload: payloadSchemas.students,
      parentsPayload: payloadSchemas.parents,
      gradesPayload: payloadSchemas.grades,
      studentsPatch: patchSchemas.students,
      parentsPatch: patchSchemas.parents,
      gradesPatch: patchSchemas.grades,
      failureNotice: failureNoticeSchema,
      updateReply: replySchemas.update,
      personCreateReply: replySchemas.create.students,
      gradeCreateReply: replySchemas.create.grades,
    },
    { allErrors: true, strict: true, allowUnionTypes: true },
    'packages/integration-client/scripts/generate-validators.ts (pnpm generate)',
  );
}

if (process.argv[1] === import.meta.filename) {
  const { js, dts } = generateValidators();
  writeFileSync(`${generatedModule}.js`, js);
  writeFileSync(`${generatedModule}.d.ts`, dts);
}

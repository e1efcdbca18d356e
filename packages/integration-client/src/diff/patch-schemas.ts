import type { IntegrationCollection } from '../payloads/collections.js';
import { type PayloadSchema, payloadSchemas } from '../payloads/schemas.js';

/**
 * The schema of the update body for a payload schema: at least one field; every field optional;
 * fields the payload may lack can be `null` (cleared); nested objects hold only changed fields.
 */
function patchSchemaOf(schema: PayloadSchema, title?: string): PayloadSchema {
  const properties = (schema.properties ?? {}) as Record<string, PayloadSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const patched: Record<string, PayloadSchema> = {};
  for (const [key, property] of Object.entries(properties)) {
    let value = property;
    if (property.type === 'object') value = patchSchemaOf(property);
    else if (!required.has(key)) value = { ...property, type: [property.type, 'null'] };
    patched[key] = value;
  }
  const { required: _required, ...rest } = schema;
  const out: Record<string, unknown> = { ...rest, minProperties: 1, properties: patched };
  if (title !== undefined) {
    out.title = title;
    out.description = 'Only the fields that changed; null clears a field; arrays are whole.';
  }
  return out;
}

/** JSON Schemas (draft-07) of the update (PUT) bodies, by collection. */
export const patchSchemas: Readonly<Record<IntegrationCollection, PayloadSchema>> = {
  students: patchSchemaOf(payloadSchemas.students, 'Student update'),
  parents: patchSchemaOf(payloadSchemas.parents, 'Parent update'),
  grades: patchSchemaOf(payloadSchemas.grades, 'Grade update'),
};

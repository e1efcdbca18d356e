/**
 * The query conventions as OpenAPI parameters (documentation only: the query DSL reads the raw
 * query string itself, so these carry no types that Fastify would enforce).
 */
export const listQuerySchema = {
  type: 'object',
  additionalProperties: true,
  properties: {
    '<field>': {
      description:
        'Any field of the collection filters it: `user.name="Ana"`, `years.enrolled=true`, `user.id_card=0912345678`. Dotted paths reach nested fields and arrays of subdocuments. Operators: `field[$gte]=1` or `field={"$gte":1}` with $eq $ne $gt $gte $lt $lte $in $nin $exists; a repeated key means $in.',
    },
    global_search: {
      description:
        'Words that must all begin one of the record’s names, e-mail (or its domain), identification number, or (students) course and section. Case- and accent-insensitive.',
      examples: ['jose 8vo', 'colegio.edu.ec', '1712'],
    },
    select: {
      description:
        'Fields to return: `user.name user.surname`, `user.name+user.surname`, `{"user.name":1}`, exclusion `-addresses`, or `{"years":{"$elemMatch":{"enrolled":true}}}` for the matching array elements.',
      examples: ['user.name user.surname'],
    },
    elemMatch: {
      description:
        'Records with an array element satisfying all parameters: `{"property":"years","parameters":{"enrolled":true}}`, or an array of such objects.',
    },
    populate: {
      description:
        'Replace references by records: `{"school":"name","years.year":"name","parents":""}` (fields space-separated, "" for all), chains like `years.group.section`, or `true` for the default.',
      examples: ['{"school":"name"}', 'true'],
    },
    __sort: {
      description:
        '`{"user.surname":"asc","created_at":"desc"}` or `__sort[user.surname]=asc`; asc, desc, 1, -1. `_id` is the final tie-breaker.',
    },
    __page: { description: 'Page number, an integer >= 1 (default 1).', examples: ['1'] },
    __per_page: { description: 'Records per page, 1..100 (default 20).', examples: ['20'] },
    __include_totals: {
      description:
        '`true` returns `{results, total, actual_total, active, inactive}` instead of the array. Alias: include_totals.',
      examples: ['true'],
    },
  },
} as const;

export const envelopeSchema = (response: object) => ({
  type: 'object',
  properties: {
    response,
    errors: { type: 'array', items: { $ref: 'ErrorEntry#' } },
  },
});

export const errorEntrySchema = {
  $id: 'ErrorEntry',
  type: 'object',
  properties: {
    code: { type: 'string', examples: ['UNKNOWN_FIELD'] },
    message: { type: 'string', examples: ['students has no field "user.nmae"; did you mean "user.name"?'] },
    param: { type: 'string', examples: ['user.nmae'] },
  },
} as const;

export const errorResponse = {
  description: 'Failure: `response` is null and `errors` lists every problem found.',
  ...envelopeSchema({ type: 'null' }),
};

import { createQueryDsl, defineCollection } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';

const terms = defineCollection('terms', {
  schema: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      status: { type: 'string', enum: ['open', 'closed'] },
      weeks: { type: 'integer', enum: [10, 12] },
    },
  },
});
const dsl = createQueryDsl({ collections: [terms] });

const filterOf = (query: string) => {
  const result = dsl.parse('terms', query);
  if (!result.ok) throw new Error(`Expected ${query} to parse, got ${JSON.stringify(result.issues)}`);
  return result.plan.filters;
};
const refusal = (query: string) => {
  const result = dsl.parse('terms', query);
  return result.ok ? [] : result.issues.map(({ code, param, message }) => ({ code, param, message }));
};

describe('a field whose schema lists its values (enum)', () => {
  it('takes a listed value, bare or quoted, in an equality or an operator', () => {
    expect(filterOf('status=open')).toHaveLength(1);
    expect(filterOf('status="closed"&weeks[$in][]=10&weeks[$in][]=12')).toHaveLength(2);
  });

  it('refuses a value outside the list, and names the values it takes', () => {
    expect(refusal('status=archived')).toEqual([
      { code: 'INVALID_VALUE', param: 'status', message: expect.stringContaining('"open", "closed"') },
    ]);
    expect(refusal('weeks=11')).toEqual([
      { code: 'INVALID_VALUE', param: 'weeks', message: expect.stringContaining('10, 12') },
    ]);
  });

  it('refuses an unlisted value inside an operator too', () => {
    expect(refusal('status[$ne]=archived').map(({ code, param }) => [code, param])).toEqual([
      ['INVALID_VALUE', 'status'],
    ]);
  });
});

import { createQueryDsl, defineCollection, toMongo } from '@school/query-dsl';
import { describe, expect, it } from 'vitest';

const people = defineCollection('people', {
  schema: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      profile: {
        type: 'object',
        properties: {
          nickname: { type: 'string' },
          pin: { type: 'string', 'x-hidden': true },
          contact: {
            type: 'object',
            properties: { phone: { type: 'string' }, token: { type: 'string', 'x-hidden': true } },
          },
        },
      },
    },
  },
});
const dsl = createQueryDsl({ collections: [people] });

function projectionOf(query: string) {
  const result = dsl.parse('people', query);
  if (!result.ok) throw new Error(`Expected ${query} to parse, got ${JSON.stringify(result.issues)}`);
  const { read } = toMongo(result.plan);
  return read.kind === 'find' ? read.options.projection : undefined;
}

describe('hidden fields in the projection', () => {
  it('are excluded when nothing is selected', () => {
    expect(projectionOf('')).toEqual({ 'profile.pin': 0, 'profile.contact.token': 0 });
  });

  it('stay excluded beside the fields the user excludes', () => {
    expect(projectionOf('select=-name')).toEqual({ name: 0, 'profile.pin': 0, 'profile.contact.token': 0 });
  });

  it('are covered by an excluded subdocument that holds them', () => {
    expect(projectionOf('select=-profile')).toEqual({ profile: 0 });
    expect(projectionOf('select=-profile.contact')).toEqual({ 'profile.contact': 0, 'profile.pin': 0 });
  });

  it('leave an included subdocument as its visible fields, at every depth', () => {
    expect(projectionOf('select=profile')).toEqual({ 'profile.nickname': 1, 'profile.contact.phone': 1 });
    expect(projectionOf('select=name profile.contact')).toEqual({ name: 1, 'profile.contact.phone': 1 });
  });

  it('leave a subdocument without hidden fields whole', () => {
    expect(projectionOf('select=name')).toEqual({ name: 1 });
  });
});

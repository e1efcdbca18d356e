import { describe, expect, it } from 'vitest';
import { redactQuery } from '../../src/observability/logging.js';

describe('redactQuery', () => {
  it.each([
    ['/api/students', '/api/students'],
    ['/api/students?', '/api/students?'],
    ['/api/students?user.id_card=0912', '/api/students?user.id_card=[redacted]'],
    ['/api/students?a=1&a=2&b=', '/api/students?a=[redacted]&a=[redacted]&b=[redacted]'],
    ['/api/students?populate={"school":"name"}&x=a=b', '/api/students?populate=[redacted]&x=[redacted]'],
    ['/api/students?user.name[$in][]=Ana&flag', '/api/students?user.name[$in][]=[redacted]&flag'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactQuery(url)).toBe(logged);
  });
});

/**
 * The OpenAPI document and `/docs` read well to a person in Swagger UI: summaries name one record in
 * the singular, the error table of the description is a table of three columns that Swagger UI
 * spaces apart, and "Authorize" says what each of its two values is.
 */
import { marked, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/errors/http-error.js';
import { build, type Json } from '../support/helper.js';

const t = await build();
const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Json;
const operations = Object.entries(document.paths as Record<string, Record<string, Json>>).flatMap(
  ([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
);
const summary = (method: string, path: string): string =>
  operations.find((entry) => entry.method === method && entry.path === path)?.operation.summary;

describe('summaries', () => {
  it('name one record in the singular', () => {
    expect(summary('post', '/api/schools')).toBe('Create a school');
    expect(summary('post', '/api/staff')).toBe('Create a staff member');
    expect(summary('get', '/api/students/{id}')).toBe('Get one student by _id (select and populate apply)');
    expect(summary('put', '/api/years')).toBe('Update the year whose _id the body names');
    expect(summary('put', '/api/parents/{id}')).toMatch(/^Update a parent by _id: /);
  });

  it('never put "record" after a plural collection name', () => {
    const plurals = ['schools', 'years', 'courses', 'sections', 'grades', 'students', 'parents', 'staff'];
    const wrong = operations
      .map(({ operation }) => String(operation.summary))
      .filter((text) => plurals.some((plural) => text.includes(`${plural} record`)));
    expect(wrong).toEqual([]);
  });
});

describe('the error table of the description', () => {
  const tables = marked
    .lexer(String(document.info.description))
    .filter((token): token is Tokens.Table => token.type === 'table');

  it('is one Markdown table with the headers code, HTTP status and when', () => {
    expect(tables).toHaveLength(1);
    expect(tables[0]?.header.map((cell) => cell.text)).toEqual(['code', 'HTTP status', 'when']);
  });

  it('has one row of three cells per error code, with its status', () => {
    const rows = tables[0]?.rows.map((row) => row.map((cell) => cell.text)) ?? [];
    expect(rows.map((row) => row.length).filter((length) => length !== 3)).toEqual([]);
    expect(rows.map(([code, status]) => [code, status])).toEqual(
      Object.entries(ERROR_CODES).map(([code, { status }]) => [`\`${code}\``, String(status)]),
    );
  });

  it("gets horizontal padding from the page's stylesheet (Swagger UI's own gives its cells none)", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    const href = /<link rel="stylesheet" type="text\/css" href="([^"]*description-tables\.css)"/.exec(
      page.body,
    )?.[1];
    expect(href).toMatch(/^\/docs\//);
    const css = await t.app.inject({ method: 'GET', url: href ?? '' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
    expect(css.body).toMatch(/\.swagger-ui \.info table th[^{]*\{[^}]*padding: 6px 16px 6px 0/);
  });
});

describe('Authorize', () => {
  const schemes = document.components.securitySchemes as Record<string, Json>;

  it('asks for the two values every /api request needs, each with a hint of where it comes from', () => {
    expect(document.security).toEqual([{ bearer: [], apiType: [] }]);
    expect(schemes.bearer.description).toContain('pnpm start');
    expect(schemes.bearer.description).toContain('API_TOKENS');
    expect(schemes.bearer.description).toContain('POST /api/tokens');
    expect(schemes.apiType.description).toMatch(/^Enter `API`/);
  });

  it('is explained in the description, above the error table', () => {
    const description = String(document.info.description);
    expect(description.indexOf('**Authorize**')).toBeGreaterThan(-1);
    expect(description.indexOf('**Authorize**')).toBeLessThan(description.indexOf('| code |'));
  });
});

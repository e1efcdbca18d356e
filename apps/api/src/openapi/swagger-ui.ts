import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { cachedDocument } from './document-cache.js';

/**
 * Swagger UI's stylesheet gives table cells no horizontal padding, which suits its own parameter
 * tables but runs the columns of a Markdown table in a description together (the error table's
 * header read "statuswhen"). This rule spaces the columns of tables in descriptions.
 */
const DESCRIPTION_TABLES_CSS = [
  '.swagger-ui .info table th, .swagger-ui .info table td,',
  '.swagger-ui .renderedMarkdown table th, .swagger-ui .renderedMarkdown table td {',
  '  padding: 6px 16px 6px 0;',
  '  vertical-align: top;',
  '}',
].join('\n');

/** The options of the documentation pages at `/docs`. */
export const swaggerUiOptions: FastifySwaggerUiOptions = {
  routePrefix: '/docs',
  uiHooks: { onRequest: cachedDocument },
  theme: {
    css: [{ filename: 'description-tables.css', content: DESCRIPTION_TABLES_CSS }],
  },
};

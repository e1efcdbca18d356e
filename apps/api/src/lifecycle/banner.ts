import type { DatabaseMode } from '../plugins/database.js';

export interface BannerInput {
  /** The address the server listens on, e.g. `http://127.0.0.1:3000`. */
  readonly base: string;
  readonly mode: DatabaseMode;
  /**
   * The full-access token when no tokens are configured: its secret, to show on a terminal, or the
   * name of the shell variable the printed requests read it from (for log lines, which never carry it).
   */
  readonly demoToken: { readonly secret: string } | { readonly variable: string } | undefined;
}

export interface Banner {
  readonly database: string;
  /** Requests that work as printed, pasted into a POSIX shell (only with a demo token). */
  readonly requests: readonly string[];
  readonly docs: string;
}

/** What a person needs right after start-up: the database in use, and (in demo mode) how to try the API. */
export function startupBanner({ base, mode, demoToken }: BannerInput): Banner {
  const bearer =
    demoToken && 'variable' in demoToken
      ? `"Authorization: Bearer $${demoToken.variable}"`
      : shellQuote(`Authorization: Bearer ${demoToken?.secret}`);
  const auth = `-H ${bearer} -H 'type: API'`;
  const requests = demoToken
    ? [
        '/api/students?__per_page=2',
        '/api/students?global_search=jose&select=user.name+user.surname',
        '/api/students?populate={"school":"name","years.group":"name"}&__include_totals=true',
      ].map((path) => `curl -sg ${auth} ${shellQuote(base + path)}`)
    : [];
  return { database: describeMode(mode), requests, docs: `${base}/docs` };
}

/** The banner as plain text, for a terminal. */
export function bannerText(banner: Banner, demoToken: string | undefined): string {
  const lines = [`database: ${banner.database}`];
  if (demoToken) {
    lines.push(
      `demo token (full access): ${demoToken}`,
      'try:',
      ...banner.requests.map((line) => `  ${line}`),
    );
  }
  lines.push(`API docs: ${banner.docs}`);
  return `${lines.join('\n')}\n`;
}

function describeMode(mode: DatabaseMode): string {
  if (mode === 'mongodb') return 'MongoDB (MONGODB_URI)';
  if (mode === 'memory-server') return 'embedded mongod (mongodb-memory-server); data is lost on exit';
  return 'in-process engine (no mongod available); for development and tests only, data is lost on exit';
}

/** One shell word, whatever the text holds (DEMO_TOKEN is the operator's choice). */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

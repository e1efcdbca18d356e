/**
 * The limits on what a client sends in a body, each declared once: the schemas take their
 * `maxLength` and `maxItems` from here, docs/security.md ("Limits and budgets") lists them, and
 * test/collections/schema-limits.test.ts fails when a schema the service validates leaves a string or an array
 * without one. Past any of them a request is refused with `400 VALIDATION_FAILED` naming the field.
 */

/** The longest text a field takes, by what it holds (characters). */
export const TEXT_LIMITS = {
  /** A person's name or surname, a year, section, grade, role or token name, a city, a citizenship. */
  name: 100,
  /** A school or course name, a course level, a street address, an emergency contact's name. */
  title: 200,
  /** The short code of a school, course, section or grade. */
  code: 50,
  /** An identification number or a phone number. */
  identifier: 32,
  /** An e-mail address (the longest a mail path carries). */
  email: 254,
  /** An ISO 3166-1 alpha-2 country code. */
  country: 2,
  /** A record's 24-hex `_id`, as every reference holds it. */
  objectId: 24,
  /** An RFC 3339 date-time with its offset, such as a token's `expires_at`. */
  dateTime: 64,
} as const;

/** The most items a list takes, by what it lists. */
export const ITEM_LIMITS = {
  /** A student's parents, addresses or emergency contacts. */
  related: 20,
  /** A student's enrolments (one per academic year). */
  enrolments: 50,
  /** The schools an issued token is limited to. */
  tokenSchools: 1000,
} as const;

/**
 * The shape of any JSON body, checked before it is parsed (`400 BODY_TOO_COMPLEX` past it). Each is
 * far beyond what any body schema takes (test/collections/schema-limits.test.ts holds them to that), so no
 * valid body is refused; they bound the work of parsing and validating a hostile one, which a size
 * limit alone does not (1 MiB of JSON holds 100,000 keys or 500,000 nested arrays).
 */
export const BODY_SHAPE = {
  /** Nesting of arrays and objects (`{"a":[{}]}` is 3); the deepest field of any body is 4 levels down. */
  depth: 16,
  /** Keys of one object; the widest body object has a few dozen fields at most. */
  keys: 100,
  /** Items of one array: the longest list any body takes (`ITEM_LIMITS.tokenSchools`). */
  items: ITEM_LIMITS.tokenSchools,
} as const;

/**
 * The defaults of the request and reply limits an operator may change (`BODY_LIMIT`,
 * `MAX_REPLY_BYTES`, `QUERY_TIME_LIMIT_MS`): app-config.ts reads them, and the error catalogue
 * quotes them.
 */
export const REQUEST_LIMIT_DEFAULTS = {
  /** Bytes of a request body (`413 PAYLOAD_TOO_LARGE` past it). */
  bodyLimit: 1_048_576,
  /** Bytes of an `/api` reply (`400 REPLY_TOO_LARGE` past it). */
  maxReplyBytes: 4_194_304,
  /** Milliseconds of one database operation of a read (`400 QUERY_TOO_COMPLEX` past it). */
  queryTimeLimitMs: 5000,
} as const;

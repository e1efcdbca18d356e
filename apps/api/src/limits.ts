/**
 * The limits on what a client sends in a body, each declared once: the schemas take their
 * `maxLength` and `maxItems` from here, docs/security.md ("Limits and budgets") lists them, and
 * test/schema-limits.test.ts fails when a schema the service validates leaves a string or an array
 * without one. Past any of them a request is refused with `400 VALIDATION_FAILED` naming the field.
 */

/**
 * The deepest nesting of arrays and objects a JSON body may have (`{"a":[{}]}` nests 3 deep).
 * The deepest field of any collection, `emergency.contacts[].phones.mobile`, sits 4 levels down,
 * so no valid body comes near it; it bounds the work of parsing and validating a hostile one.
 * Past it: `400 BODY_TOO_DEEP`, decided before the body is parsed.
 */
export const MAX_BODY_DEPTH = 16;

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

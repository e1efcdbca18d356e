export {
  buildQuery,
  type ElemMatchSpec,
  type FieldCondition,
  type FilterOperators,
  type FilterScalar,
  type FilterSpec,
  type QuerySpec,
  type SortOrder,
} from './build/build-query.js';
export type {
  ArrayPath,
  FieldPath,
  IdentifierPath,
  RecordSource,
  RecordTypeOf,
  ValueAt,
} from './build/paths.js';
export {
  type CollectionDefinition,
  type CollectionOptions,
  defineCollection,
  type PaginationOptions,
  type RecordOf,
  type ReferenceMap,
  type ReferencesOf,
  type SearchConfig,
  type SearchOptions,
  type StoredRecordOf,
  type StoredRecordSource,
} from './collection/define-collection.js';
export type { SchemaTypeError } from './collection/schema-argument.js';
export { buildSearchIndex, type SearchIndex, searchIndexFields } from './collection/search-index.js';
export { ISSUE_CODES, type Issue, type IssueCode, issueCatalogue } from './core/errors.js';
export { IssueList, type IssueOf, MAX_LISTED_ISSUES } from './core/issue-list.js';
export { DEFAULT_LIMITS, type QueryLimits } from './core/limits.js';
export { SUPPORTED_OPERATORS, type SupportedOperator } from './core/operators.js';
export { buildFilter } from './mongo/filter.js';
export {
  DEFAULT_MAX_TIME_MS,
  type QueryableCollection,
  type QueryableDb,
  type RunOptions,
  runQuery,
} from './mongo/run.js';
export {
  type AggregateQuery,
  type CountQueries,
  type FindQuery,
  type MongoQuery,
  type SortDocument,
  toMongo,
} from './mongo/to-mongo.js';
export type { QueryInput } from './parse/query-input.js';
export type {
  Condition,
  ElemMatchFilter,
  ElemMatchProjection,
  FieldFilter,
  FilterNode,
  FilterValue,
  MongoFilter,
  Page,
  PopulateNode,
  Projection,
  QueryPlan,
  SearchFilter,
  SortKey,
} from './plan/types.js';
export {
  type BaseFilter,
  createQueryDsl,
  type FindResult,
  type ParseOptions,
  type QueryDsl,
  type QueryDslOptions,
  type QueryRecordOfName,
  type RecordOfName,
  type RunResult,
} from './query-dsl.js';
export type { Jsonified } from './result/jsonified.js';
export type { PopulatedDocument, QueryRecord, QueryRecordOf } from './result/query-record.js';
export type {
  ActiveTotalsResponse,
  MongoDocument,
  PlainTotalsResponse,
  QueryResponse,
  TotalsResponse,
} from './result/response.js';
export type { SelectedRecord, SelectedResponse } from './result/selected.js';
export { type FieldCatalog, type FieldInfo, holdsText, type ScalarType } from './schema/fields.js';
export type {
  FromSchema,
  RecordFromSchema,
  ReferencesFromSchema,
  StoredRecordFromSchema,
} from './schema/from-schema.js';
export {
  type JsonSchema,
  type JsonSchemaFormat,
  type JsonSchemaType,
  OBJECT_ID_PATTERN,
  SCHEMA_FORMATS,
  type StrictSchema,
} from './schema/json-schema.js';
export { foldText, searchWords } from './search/normalize.js';
export type { SearchFieldKind } from './search/tokens.js';
export type { ParseResult } from './validate/build-plan.js';
export { RESERVED_PARAMS } from './validate/description.js';
export { maxPage } from './validate/pagination.js';

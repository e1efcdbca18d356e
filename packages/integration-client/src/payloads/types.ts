import type { IdLike } from './ids.js';

/** The `user` sub-document of a stored student or parent (other fields, like `id_card`, are ignored). */
export interface UserRecord {
  readonly _id: IdLike;
  readonly name: string;
  readonly second_name?: string | null | undefined;
  readonly surname: string;
  readonly second_surname?: string | null | undefined;
  readonly email?: string | null | undefined;
}

/** A stored student, as far as its payload needs (other fields are ignored). */
export interface StudentRecord {
  readonly _id: IdLike;
  readonly school: IdLike;
  readonly user: UserRecord;
}

/** A stored parent, as far as its payload needs (other fields are ignored). */
export interface ParentRecord {
  readonly _id: IdLike;
  readonly school: IdLike;
  readonly user: UserRecord;
}

/** A stored grade, as far as its payload needs (other fields are ignored). */
export interface GradeRecord {
  readonly _id: IdLike;
  readonly school: IdLike;
  readonly name: string;
  readonly code?: string | null | undefined;
  readonly section?: IdLike | null | undefined;
}

/**
 * The name fields of a student or parent payload. The optional ones are left out (never `null`,
 * never `""`) when the record has no value; an update that clears one sends it as `null`.
 */
export interface PersonFields {
  name: string;
  second_name?: string;
  surname: string;
  second_surname?: string;
  email?: string;
}

/** Body of `POST /api/integration/students` (docs/external-system.md, "Student"). */
export interface StudentPayload extends PersonFields {
  /** The parents' `user._id`s (each is the `metadata.user` that parent was sent with), sorted, no repeats. */
  parents: string[];
  metadata: {
    role: 'student';
    /** The student's school `_id`. */
    school: string;
    /** The student's `user._id`. */
    user: string;
  };
}

/** Body of `POST /api/integration/parents` (docs/external-system.md, "Parent"). */
export interface ParentPayload extends PersonFields {
  metadata: {
    role: 'parent';
    school: string;
    /** The parent's `user._id`. */
    user: string;
  };
}

/** Body of `POST /api/integration/grades` (docs/external-system.md, "Grade"). */
export interface GradePayload {
  code?: string;
  name: string;
  /** The grade's section `_id`. */
  section?: string;
  metadata: {
    school: string;
    /** The grade record's `_id`. */
    grade: string;
  };
}

/**
 * A record as the database driver hands it over (`Document`): the builders read and check every
 * field they use (`InvalidRecordError` lists what is missing), so no cast to a record type is needed.
 */
export type StoredRecord = Readonly<Record<string, unknown>>;

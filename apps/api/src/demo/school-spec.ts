/**
 * A school described as data: what `schoolRecords` turns into records. References between records
 * are by name within the school (a grade names its section, a student its parents' keys, its years
 * and grades), so a description reads like the school it describes.
 */

export interface PersonSpec {
  readonly name: string;
  readonly second_name?: string;
  readonly surname: string;
  readonly second_surname?: string;
  readonly email: string;
  readonly id_card: string;
}

interface CourseSpec {
  readonly name: string;
  readonly reference_name: string;
  readonly code: string;
}

export interface GradeSpec {
  readonly name: string;
  readonly code: string;
  /** The name of one of the school's sections. */
  readonly section: string;
}

export interface EnrolmentSpec {
  /** The name of one of the school's years. */
  readonly year: string;
  readonly enrolled: boolean;
  /** The code of one of the school's grades. */
  readonly grade: string;
}

export interface StudentSpec {
  readonly user: PersonSpec;
  /** Keys of the school's parents. */
  readonly parents: readonly string[];
  readonly years: readonly EnrolmentSpec[];
  readonly city: string;
  readonly citizenship: string;
  readonly contact: { readonly name: string; readonly mobile: string };
  /** @default true */
  readonly active?: boolean;
}

export interface SchoolSpec {
  readonly name: string;
  readonly code: string;
  readonly country: string;
  readonly years: readonly string[];
  readonly courses: readonly CourseSpec[];
  readonly sections: readonly string[];
  readonly grades: readonly GradeSpec[];
  /** Parents by key (what students name). */
  readonly parents: Readonly<Record<string, PersonSpec>>;
  readonly students: readonly StudentSpec[];
  readonly staff: ReadonlyArray<{ readonly role: string; readonly user: PersonSpec }>;
}

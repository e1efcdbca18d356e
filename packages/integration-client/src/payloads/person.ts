import type { RecordReader } from './record-reader.js';
import type { PersonFields } from './types.js';

/** What a student and a parent record both carry: the school, the user's `_id` and name fields. */
export function readPerson(
  read: RecordReader,
  value: unknown,
): { school: string; userId: string; person: PersonFields } {
  const { record, school } = read.stored(value);
  const user = read.object(record.user, 'user');
  const userId = read.id(user._id, 'user._id');
  return { school, userId, person: readPersonFields(user, read) };
}

/** The name fields of a student or parent payload, read from the record's `user`, in spec order. */
function readPersonFields(user: Record<string, unknown>, read: RecordReader): PersonFields {
  const name = read.text(user.name, 'user.name');
  const secondName = read.optionalText(user.second_name, 'user.second_name');
  const surname = read.text(user.surname, 'user.surname');
  const secondSurname = read.optionalText(user.second_surname, 'user.second_surname');
  const email = read.optionalText(user.email, 'user.email');
  return {
    name,
    ...(secondName === undefined ? {} : { second_name: secondName }),
    surname,
    ...(secondSurname === undefined ? {} : { second_surname: secondSurname }),
    ...(email === undefined ? {} : { email }),
  };
}

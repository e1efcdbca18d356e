import type { RecordReader } from './record-reader.js';
import type { PersonFields } from './types.js';

/** The name fields of a student or parent payload, read from the record's `user`, in spec order. */
export function readPersonFields(user: Record<string, unknown>, read: RecordReader): PersonFields {
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

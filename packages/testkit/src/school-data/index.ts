export { setDotted } from './dotted.js';
export { groupTexts } from './group-texts.js';
export { COLLECTIONS, type SchoolData, schoolRecords, YEAR_SETTINGS } from './host-generator.js';
export { randomSchools } from './random-schools.js';

// src/diff/ imports InvalidPayloadError from here; the class is in errors.ts with the rest of the
// hierarchy. This re-export goes once diff/ (being reworked on another branch) imports errors.js.
export { InvalidPayloadError } from './errors.js';

import { describe } from 'vitest';
import { itHoldsForEveryEmittedCommand } from './commands.js';
import { regexRule } from './regex.js';

describe('regexes are escaped, anchored, NUL-free and index-bounded', () => {
  itHoldsForEveryEmittedCommand(regexRule);
});

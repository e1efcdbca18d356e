import { describe } from 'vitest';
import { itHoldsForEveryEmittedCommand } from './commands.js';
import { paginationRule } from './pagination.js';

describe('pages follow MongoDB’s rules', () => {
  itHoldsForEveryEmittedCommand(paginationRule);
});

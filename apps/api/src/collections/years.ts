import { TEXT_LIMITS } from '../config/limits.js';
import { countryCode, hostCollection } from './define.js';

export const yearsSpec = {
  name: 'years',
  description: 'Academic years and their grading rules.',
  properties: {
    name: { type: 'string', maxLength: TEXT_LIMITS.name },
    country: countryCode,
    passing_score: { type: 'number' },
    base_score: { type: 'number' },
    score_decimals: { type: 'integer', minimum: 0, maximum: 10 },
    weight_score: { type: 'number' },
    round: { type: 'boolean' },
    calculate_by_equivalences: { type: 'boolean' },
    new_promotion_logic: { type: 'boolean' },
    enable_custom_year: { type: 'boolean' },
  },
} as const;

export const years = hostCollection(yearsSpec);

import * as z from 'zod/mini';
// By its own name, not `z.config`: the browser build takes `z.*` calls as pure (vite.config.ts).
import { config } from 'zod/mini';

/**
 * zod/mini ships without message texts (that keeps it small in the browser). Schemas give their
 * own messages; this fills in plain sentences for the rest, for every schema in the process.
 */
config({
  customError: (iss) => {
    switch (iss.code) {
      case 'unrecognized_keys':
        return `${iss.keys.join(', ')} ${iss.keys.length > 1 ? 'are not fields' : 'is not a field'} of this operation`;
      case 'invalid_type':
        return iss.input === undefined ? 'is required' : `must be ${iss.expected === 'int' ? 'a whole number' : /^[aeiou]/.test(iss.expected) ? `an ${iss.expected}` : `a ${iss.expected}`}`;
      case 'invalid_value':
        return `must be one of ${iss.values.map((v) => JSON.stringify(v)).join(', ')}`;
      case 'too_small':
        return iss.origin === 'string' ? `must be at least ${iss.minimum} characters` : iss.origin === 'array' ? `needs at least ${iss.minimum} items` : `must be at least ${iss.minimum}`;
      case 'too_big':
        return iss.origin === 'string' ? `must be at most ${iss.maximum} characters` : iss.origin === 'array' ? `takes at most ${iss.maximum} items` : `must be at most ${iss.maximum}`;
      case 'invalid_format':
        return `is not a valid ${iss.format}`;
      default:
        return 'is not valid';
    }
  },
});

export { z };

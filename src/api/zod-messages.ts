import { z } from 'zod';

// Messages in the compatible API's wording, so clients that show them read naturally.
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'This field is required.';
    if (issue.code === 'invalid_type' && issue.input === null) return 'This field may not be null.';
    if (issue.code === 'invalid_value' && 'values' in issue) return `"${String(issue.input)}" is not a valid choice. Allowed: ${(issue.values as unknown[]).join(', ')}.`;
    return undefined;
  },
});

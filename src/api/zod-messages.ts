import { z } from 'zod';

// Messages in the compatible API's wording, so clients that show them read naturally.
// A missing or null value says so whatever the field's type (an enum included), before any
// "not a valid choice" wording that would quote `undefined` back at the client.
z.config({
  customError: (issue) => {
    const missingOrNull = issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union';
    if (missingOrNull && issue.input === undefined) return 'This field is required.';
    if (missingOrNull && issue.input === null) return 'This field may not be null.';
    if (issue.code === 'invalid_value' && 'values' in issue)
      return `"${String(issue.input)}" is not a valid choice. Allowed: ${(issue.values as unknown[]).join(', ')}.`;
    return undefined;
  },
});

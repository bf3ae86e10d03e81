import { z } from 'zod';

// The field schemas plugins.json's parts share, so every field's problem reads alike
// ('plugins[0].version is required', '… must be text').

/** A field's message when it is missing or of the wrong type. */
export const required = (what: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : `must be ${what}`),
});

/** Trimmed, non-empty text of at most `max` characters. */
export const requiredText = (max: number) =>
  z.string(required('text')).trim().min(1, 'is required').max(max, `can be at most ${max} characters`);

/** A path inside the repository: relative, forward slashes, no `.`/`..` step. */
export const repositoryPath = (example: string) =>
  z
    .string(required('a path inside the repository'))
    .min(1, 'is required')
    .max(300, 'can be at most 300 characters')
    .refine(
      (value) =>
        !value.startsWith('/') &&
        !value.includes('\\') &&
        value.split('/').every((part) => part !== '' && part !== '.' && part !== '..'),
      `must be a relative path inside the repository, like ${example}`,
    );

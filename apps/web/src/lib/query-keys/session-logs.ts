export const sessionLogKeys = {
  all: ['session-logs'] as const,
  page: (params: unknown) => ['session-logs', params] as const,
};

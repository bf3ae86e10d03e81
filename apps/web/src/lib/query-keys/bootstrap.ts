export const bootstrapKeys = { all: ['bootstrap'] as const };

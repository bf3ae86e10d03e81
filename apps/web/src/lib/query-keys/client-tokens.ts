export const clientTokenKeys = { all: ['client-tokens'] as const };

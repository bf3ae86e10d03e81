export const labelKeys = { all: ['labels'] as const };

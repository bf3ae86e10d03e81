export const documentKeys = { one: (path: string) => ['documents', path] as const };

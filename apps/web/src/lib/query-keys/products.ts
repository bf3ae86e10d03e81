/** The shop's product lists (by name) and the admins' list of every product: an order moves stock. */
export const productKeys = {
  all: ['products'] as const,
  byName: (name: string) => ['products', name] as const,
  adminAll: () => ['products', 'admin-all'] as const,
};

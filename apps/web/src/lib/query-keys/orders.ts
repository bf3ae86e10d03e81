/** The buyer's history, the orders dashboard, one order, the checkout page's order. */
export const orderKeys = {
  all: ['orders'] as const,
  mine: () => ['orders', 'my'] as const,
  list: (params: unknown) => ['orders', 'all', params] as const,
  full: (orderId: number) => ['orders', 'full', orderId] as const,
  check: (orderId: number) => ['orders', 'check', orderId] as const,
  needsStaffCount: () => ['orders', 'needs-staff-count'] as const,
};

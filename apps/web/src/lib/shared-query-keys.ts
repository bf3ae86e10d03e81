/**
 * Cache keys that more than one feature touches (features may not import each other): the plan
 * page invalidates the account page's lists after a sale.
 */
export const SUBSCRIPTIONS_QUERY_KEY = ['subscriptions'] as const;
export const TRANSACTIONS_QUERY_KEY = ['transactions'] as const;
/** Every cached order list or order (the buyer's history, the orders dashboard, the checkout page). */
export const ORDERS_QUERY_KEY = ['orders'] as const;
/** Every cached products list (an order, or cancelling one, moves stock). */
export const PRODUCTS_QUERY_KEY = ['products'] as const;

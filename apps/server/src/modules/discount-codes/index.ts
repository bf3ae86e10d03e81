// The discount-codes module's public surface: code outside the module imports only from here (decision 0035).

export { discountCodesModule } from './discount-codes-module.ts';
export { DiscountCodeRefused, discountCodes } from './usable-codes.ts';

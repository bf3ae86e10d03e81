// Scratch: deliberate violation of outside-imports-modules-through-their-index.
export { createWalletService } from '../modules/wallet/wallet.service.ts';

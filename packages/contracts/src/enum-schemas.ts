import {
  CURRENCIES,
  OBFUSCATIONS,
  ORDER_STATUSES,
  PAYMENT_PROCESSORS,
  PERIODS,
  PRODUCT_KINDS,
  ROLES,
} from './enums.ts';
import { z } from './zod.ts';

/** The zod enums of enums.ts, derived from its arrays (the one list of values). */
export const roleSchema = z.enum(ROLES);
export const periodSchema = z.enum(PERIODS);
export const paymentProcessorSchema = z.enum(PAYMENT_PROCESSORS);
export const currencySchema = z.enum(CURRENCIES);
export const obfuscationSchema = z.enum(OBFUSCATIONS);
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export const productKindSchema = z.enum(PRODUCT_KINDS);

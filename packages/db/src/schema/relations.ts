import { relations } from 'drizzle-orm';
import { accessListEntries, labels, planLabels, plans, prices } from './catalog.ts';
import { bulkDiscounts, orders, paymentEvents, payments, products } from './commerce.ts';
import { pluginLinks, plugins, repositories, repoUpdates } from './delivery.ts';
import { discountCodes } from './discount-codes.ts';
import { payouts } from './payouts.ts';
import { clientSessions, sessionLogs } from './sessions.ts';
import { disabledPluginLinks, subscriptions } from './subscriptions.ts';
import { users } from './users.ts';
import { votes } from './votes.ts';
import { ledgerEntries } from './wallet.ts';

// Relations only feed drizzle's relational query API (`db.query.plans.findMany({ with })`);
// the foreign keys themselves live on the tables.

export const usersRelations = relations(users, ({ many }) => ({
  plans: many(plans),
  subscriptions: many(subscriptions, { relationName: 'subscriber' }),
  orders: many(orders, { relationName: 'buyer' }),
  payouts: many(payouts, { relationName: 'payee' }),
  repositories: many(repositories),
  ledgerEntries: many(ledgerEntries),
  clientSessions: many(clientSessions),
  votes: many(votes),
}));

export const plansRelations = relations(plans, ({ one, many }) => ({
  owner: one(users, { fields: [plans.ownerId], references: [users.id] }),
  prices: many(prices),
  planLabels: many(planLabels),
  accessListEntries: many(accessListEntries),
}));

export const labelsRelations = relations(labels, ({ many }) => ({
  planLabels: many(planLabels),
}));

export const planLabelsRelations = relations(planLabels, ({ one }) => ({
  plan: one(plans, { fields: [planLabels.planId], references: [plans.id] }),
  label: one(labels, { fields: [planLabels.labelId], references: [labels.id] }),
}));

export const pricesRelations = relations(prices, ({ one, many }) => ({
  plan: one(plans, { fields: [prices.planId], references: [plans.id] }),
  pluginLinks: many(pluginLinks),
  discountCodes: many(discountCodes),
  subscriptions: many(subscriptions),
  accessListEntries: many(accessListEntries),
}));

export const accessListEntriesRelations = relations(accessListEntries, ({ one }) => ({
  plan: one(plans, { fields: [accessListEntries.planId], references: [plans.id] }),
  price: one(prices, { fields: [accessListEntries.priceId], references: [prices.id] }),
  user: one(users, { fields: [accessListEntries.userId], references: [users.id] }),
}));

export const discountCodesRelations = relations(discountCodes, ({ one }) => ({
  price: one(prices, { fields: [discountCodes.priceId], references: [prices.id] }),
}));

export const subscriptionsRelations = relations(subscriptions, ({ one, many }) => ({
  user: one(users, { fields: [subscriptions.userId], references: [users.id], relationName: 'subscriber' }),
  plan: one(plans, { fields: [subscriptions.planId], references: [plans.id] }),
  price: one(prices, { fields: [subscriptions.priceId], references: [prices.id] }),
  discountCode: one(discountCodes, {
    fields: [subscriptions.discountCodeId],
    references: [discountCodes.id],
  }),
  disabledPluginLinks: many(disabledPluginLinks),
}));

export const disabledPluginLinksRelations = relations(disabledPluginLinks, ({ one }) => ({
  subscription: one(subscriptions, {
    fields: [disabledPluginLinks.subscriptionId],
    references: [subscriptions.id],
  }),
  pluginLink: one(pluginLinks, { fields: [disabledPluginLinks.pluginLinkId], references: [pluginLinks.id] }),
}));

export const repositoriesRelations = relations(repositories, ({ one, many }) => ({
  owner: one(users, { fields: [repositories.ownerId], references: [users.id] }),
  plugins: many(plugins),
  updates: many(repoUpdates),
}));

export const pluginsRelations = relations(plugins, ({ one, many }) => ({
  repository: one(repositories, { fields: [plugins.repositoryId], references: [repositories.id] }),
  links: many(pluginLinks),
}));

export const pluginLinksRelations = relations(pluginLinks, ({ one }) => ({
  price: one(prices, { fields: [pluginLinks.priceId], references: [prices.id] }),
  plugin: one(plugins, { fields: [pluginLinks.pluginId], references: [plugins.id] }),
}));

export const repoUpdatesRelations = relations(repoUpdates, ({ one }) => ({
  repository: one(repositories, { fields: [repoUpdates.repositoryId], references: [repositories.id] }),
}));

export const productsRelations = relations(products, ({ many }) => ({
  bulkDiscounts: many(bulkDiscounts),
  orders: many(orders),
}));

export const bulkDiscountsRelations = relations(bulkDiscounts, ({ one }) => ({
  product: one(products, { fields: [bulkDiscounts.productId], references: [products.id] }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  buyer: one(users, { fields: [orders.buyerId], references: [users.id], relationName: 'buyer' }),
  product: one(products, { fields: [orders.productId], references: [products.id] }),
  paymentEvents: many(paymentEvents),
  payments: many(payments),
}));

export const paymentEventsRelations = relations(paymentEvents, ({ one }) => ({
  order: one(orders, { fields: [paymentEvents.orderId], references: [orders.id] }),
}));

export const payoutsRelations = relations(payouts, ({ one }) => ({
  user: one(users, { fields: [payouts.userId], references: [users.id], relationName: 'payee' }),
}));

export const ledgerEntriesRelations = relations(ledgerEntries, ({ one }) => ({
  user: one(users, { fields: [ledgerEntries.userId], references: [users.id] }),
}));

export const clientSessionsRelations = relations(clientSessions, ({ one }) => ({
  user: one(users, { fields: [clientSessions.userId], references: [users.id] }),
}));

export const sessionLogsRelations = relations(sessionLogs, ({ one }) => ({
  user: one(users, { fields: [sessionLogs.userId], references: [users.id] }),
}));

export const votesRelations = relations(votes, ({ one }) => ({
  user: one(users, { fields: [votes.userId], references: [users.id] }),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  order: one(orders, { fields: [payments.orderId], references: [orders.id] }),
}));

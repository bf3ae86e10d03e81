import { describe, expect, it } from 'vitest';
import {
  accessListAddQuery,
  createPlanBody,
  createPriceBody,
  finalPrice,
  PLAN_DESCRIPTION_EMPTY_MESSAGE,
  PLAN_NAME_EMPTY_MESSAGE,
  plansQuery,
  promoPrice,
  slotState,
} from './catalog.ts';
import { totalPagesOf } from './paging.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('finalPrice', () => {
  it('takes the promo off and rounds down to whole credits', () => {
    expect(finalPrice(999, 15)).toBe(849);
    expect(finalPrice(100, 33)).toBe(67);
    expect(finalPrice(1, 50)).toBe(0);
    expect(finalPrice(500, 100)).toBe(0);
  });

  it('is null without a promo, while promoPrice is then the price itself', () => {
    expect(finalPrice(450, 0)).toBeNull();
    expect(promoPrice(450, 0)).toBe(450);
  });
});

describe('slotState', () => {
  it('tells the four slot states of spec §4', () => {
    expect(slotState({ slots: null, full: false, hidden: false })).toBe('none');
    expect(slotState({ slots: null, full: false, hidden: true })).toBe('none');
    expect(slotState({ slots: 5, full: false, hidden: false })).toBe('visible');
    expect(slotState({ slots: 5, full: false, hidden: true })).toBe('hidden');
    expect(slotState({ slots: 5, full: true, hidden: true })).toBe('full');
    expect(slotState({ slots: 0, full: true, hidden: false })).toBe('full');
  });
});

describe('totalPagesOf', () => {
  it('rounds up and gives 0 pages for an empty list', () => {
    expect(totalPagesOf(0, 25)).toBe(0);
    expect(totalPagesOf(1, 25)).toBe(1);
    expect(totalPagesOf(25, 25)).toBe(1);
    expect(totalPagesOf(26, 25)).toBe(2);
  });
});

describe('plansQuery', () => {
  it('defaults to page 0, 25 plans, sorted by id', () => {
    expect(plansQuery.parse({})).toEqual({
      page: 0,
      size: 25,
      sort: { key: 'id', order: 'asc' },
      name: undefined,
      discordIds: [],
      labelIds: [],
    });
  });

  it('reads lists comma-separated or repeated, and sort as key,order', () => {
    const parsed = plansQuery.parse({
      page: '2',
      size: '100',
      sort: 'createdAt,DESC',
      name: '  fish ',
      discordIds: ['1,2', '3'],
      labelIds: '4, 5,,',
    });
    expect(parsed).toMatchObject({
      page: 2,
      size: 100,
      sort: { key: 'createdAt', order: 'desc' },
      name: 'fish',
      discordIds: ['1', '2', '3'],
      labelIds: [4, 5],
    });
    expect(plansQuery.parse({ name: '   ' }).name).toBeUndefined();
  });

  it('refuses unknown sort keys and orders with a sentence', () => {
    expect(firstMessage(plansQuery.safeParse({ sort: 'stars' }))).toBe(
      "Cannot sort by 'stars'. Sort by one of: name, id, createdAt, popular, price, rating.",
    );
    expect(plansQuery.parse({ sort: 'price,desc' }).sort).toEqual({ key: 'price', order: 'desc' });
    expect(firstMessage(plansQuery.safeParse({ sort: 'name,up' }))).toBe(
      'The sort order must be asc or desc.',
    );
    expect(firstMessage(plansQuery.safeParse({ sort: 'name,asc,extra' }))).toBe(
      'The sort order must be asc or desc.',
    );
  });
});

describe('createPlanBody', () => {
  it('gives the spec messages for a blank name or description', () => {
    expect(firstMessage(createPlanBody.safeParse({ name: ' ', description: 'd' }))).toBe(
      PLAN_NAME_EMPTY_MESSAGE,
    );
    expect(firstMessage(createPlanBody.safeParse({ name: 'n', description: '' }))).toBe(
      PLAN_DESCRIPTION_EMPTY_MESSAGE,
    );
  });

  it('turns blank links into null and refuses non-web links', () => {
    expect(
      createPlanBody.parse({ name: 'n', description: 'd', imageUrl: ' ', forumLink: null }),
    ).toMatchObject({
      imageUrl: null,
      forumLink: null,
      tags: [],
    });
    expect(createPlanBody.safeParse({ name: 'n', description: 'd', forumLink: 'ftp://x' }).success).toBe(
      false,
    );
  });
});

describe('createPriceBody', () => {
  const price = { planId: 1, name: 'Monthly', period: 'MONTHLY', price: 100 };

  it('fills defaults', () => {
    expect(createPriceBody.parse(price)).toMatchObject({
      description: '',
      promoDiscountPercent: 0,
      promoExtraDays: 0,
      slots: null,
      extensionPrice: null,
      extensionAllowed: false,
    });
  });

  it('accepts the edges of each range', () => {
    expect(
      createPriceBody.safeParse({ ...price, price: 0, promoDiscountPercent: 100, slots: 0 }).success,
    ).toBe(true);
  });
});

describe('accessListAddQuery', () => {
  it('needs a non-blank discord id', () => {
    expect(firstMessage(accessListAddQuery.safeParse({}))).toBe('Please enter a discord id');
    expect(firstMessage(accessListAddQuery.safeParse({ discordId: '  ' }))).toBe('Please enter a discord id');
  });
});

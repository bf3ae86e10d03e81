import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { planFixture } from '../test/plan-fixtures.ts';
import { PlanCard, promoBadges } from './plan-card.tsx';

describe('promoBadges', () => {
  it('shows the discount and the extra days', () => {
    expect(promoBadges({ promoDiscount: 10, promoExtraDays: 7 })).toEqual(['-10%', '+7 days']);
    expect(promoBadges({ promoDiscount: 0, promoExtraDays: 1 })).toEqual(['+1 day']);
    expect(promoBadges({ promoDiscount: 0, promoExtraDays: 0 })).toEqual([]);
  });
});

describe('a plan card', () => {
  it('shows the promo badges', () => {
    renderWithProviders(<PlanCard plan={planFixture({ promoDiscount: 10, promoExtraDays: 7 })} />);
    const badges = screen.getByRole('list', { name: 'Promotions' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['-10%', '+7 days']);
  });

  it('has no badges without a promo', () => {
    renderWithProviders(<PlanCard plan={planFixture()} />);
    expect(screen.queryByRole('list', { name: 'Promotions' })).toBeNull();
  });

  it('shows the picture, or the default one, lazily', () => {
    const { container, unmount } = renderWithProviders(
      <PlanCard plan={planFixture({ imageUrl: 'https://cdn.example/p.png' })} />,
    );
    const image = container.querySelector('img') as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('https://cdn.example/p.png');
    expect(image.getAttribute('loading')).toBe('lazy');
    unmount();
    const other = renderWithProviders(<PlanCard plan={planFixture({ imageUrl: null })} />);
    expect(other.container.querySelector('img')?.getAttribute('src')).toBe('/images/plan-default.svg');
  });

  it('names the developer, shows label icons with tooltips and links Info and Buy', () => {
    renderWithProviders(
      <PlanCard
        plan={planFixture({
          id: 7,
          name: 'Motherlode Miner',
          ownerName: 'Ember',
          labels: [
            { id: 15, name: 'Mining', icon: 'mining' },
            { id: 10, name: 'Money Making', icon: 'money-making' },
          ],
        })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Motherlode Miner' })).toBeTruthy();
    expect(screen.getByText('Ember')).toBeTruthy();
    const skills = screen.getByRole('list', { name: 'Skills' });
    const anchors = skills.querySelectorAll('[data-tooltip-content]');
    expect([...anchors].map((anchor) => anchor.getAttribute('data-tooltip-content'))).toEqual([
      'Mining',
      'Money Making',
    ]);
    expect(skills.querySelector('img')?.getAttribute('src')).toBe('/labels/mining.svg');

    const info = screen.getByRole('link', { name: /^Info/ });
    expect(info.getAttribute('href')).toBe('https://forum.example/threads/7');
    expect(info.getAttribute('target')).toBe('_blank');
    expect(info.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Buy Motherlode Miner' }).getAttribute('href')).toBe('/shop/7');
  });

  it('has no Info link without a forum link', () => {
    renderWithProviders(<PlanCard plan={planFixture({ forumLink: null })} />);
    expect(screen.queryByRole('link', { name: /^Info/ })).toBeNull();
  });

  it('tells plans without a picture apart: their own tint and their first skill icon', () => {
    const first = renderWithProviders(<PlanCard plan={planFixture({ id: 1, imageUrl: null })} />);
    const images = () => [...document.querySelectorAll('article img')] as HTMLImageElement[];
    const [cover, icon] = images();
    const firstTint = cover?.style.filter;
    expect(icon?.getAttribute('src')).toBe('/labels/agility.svg');
    first.unmount();
    renderWithProviders(
      <PlanCard
        plan={planFixture({ id: 2, imageUrl: null, labels: [{ id: 2, name: 'PvM/Combat', icon: 'combat' }] })}
      />,
    );
    const [otherCover, otherIcon] = images();
    expect(otherCover?.style.filter).not.toBe(firstTint);
    expect(otherIcon?.getAttribute('src')).toBe('/labels/combat.svg');
  });
});

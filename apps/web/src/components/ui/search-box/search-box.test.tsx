import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchBox } from './search-box.tsx';

describe('SearchBox', () => {
  it('is a search landmark named by its label, so two on one page can be told apart', () => {
    render(
      <>
        <SearchBox value="" label="Find a user" onSearch={() => {}} />
        <SearchBox value="" label="Search repositories" onSearch={() => {}} />
      </>,
    );
    expect(screen.getAllByRole('search').map((landmark) => landmark.getAttribute('aria-label'))).toEqual([
      'Find a user',
      'Search repositories',
    ]);
    expect(screen.getByRole('search', { name: 'Search repositories' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search repositories' })).toBeTruthy();
  });
});

import { PLAN_PAGE_SIZES } from '@ember/contracts/constants';
import { type ReactNode, useCallback, useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { FilterIcon } from '../../../components/icons/icons.tsx';
import { Page } from '../../../components/page/page.tsx';
import { Button } from '../../../components/ui/button/button.tsx';
import { DisclosureChevron } from '../../../components/ui/disclosure-chevron/disclosure-chevron.tsx';
import { Pagination } from '../../../components/ui/pagination/pagination.tsx';
import { VisuallyHidden } from '../../../components/visually-hidden/visually-hidden.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { useMySubscriptions } from '../../../lib/subscriptions/my-subscriptions.ts';
import { planHolding } from '../../../lib/subscriptions/plan-holding.ts';
import stack from '../../../styles/stack.module.css';
import wrapRow from '../../../styles/wrap-row.module.css';
import { useLabels } from '../api/get-labels.ts';
import { usePlanDevelopers } from '../api/get-plan-developers.ts';
import { usePlans } from '../api/get-plans.ts';
import { type ActiveFilter, ActiveFilters } from '../components/active-filters.tsx';
import { FilterPanel } from '../components/filter-panel.tsx';
import { PlanResults, PlanResultsSkeleton } from '../components/plan-results.tsx';
import paginationStyles from '../components/shop-pagination.module.css';
import { ShopSearchForm } from '../components/shop-search-form.tsx';
import { useShopFilters } from '../hooks/use-shop-filters.ts';
import {
  filtersPanelRequested,
  hasActiveFilters,
  SHOP_PRICE_BANDS,
  shopPageAddresses,
  toggleValue,
} from '../utils/shop-search-params.ts';
import styles from './shop-page.module.css';

/** /shop: search, filter and page through every listed plan (spec §2 Shop). */
export default function ShopPage() {
  useDocumentTitle('Plugins');
  const { filters, setFilters, setPage, clearFilters } = useShopFilters();
  const plans = usePlans(filters);
  // The cards are the heaviest part of the page: the heading, toolbar and skeleton paint first (also
  // when the list arrives with the page's code), the cards render after, in the background. A list
  // that is there from the start (a server-rendered page, a return visit) shows at once.
  const [listAtStart] = useState(plans.data ?? null);
  const shownPlans = useDeferredValue(plans.data ?? null, listAtStart);
  const labels = useLabels();
  const auth = useAuth();
  const mySubscriptions = useMySubscriptions({ enabled: auth.status === 'authenticated' });
  // `?filters=open`: the Filters button's own submission when the app's code has not run yet.
  const { search } = useLocation();
  const [panelOpen, setPanelOpen] = useState(() => filtersPanelRequested(search));
  // The developer list is only needed by the open filter panel and by active developer filters' names.
  const developers = usePlanDevelopers({ enabled: panelOpen || filters.developers.length > 0 });
  const panelId = useId();
  const resultsRef = useRef<HTMLElement>(null);
  // The shop API's own count of the matches (no second query); unknown while a new answer loads.
  const matches = plans.data && !plans.isPlaceholderData ? plans.data.totalElements : null;

  const onSearch = useCallback((name: string) => setFilters({ name }, { replace: true }), [setFilters]);

  // A page past the end (a stale link, or fewer results than before) moves to the last page.
  const totalPages = plans.data?.totalPages;
  useEffect(() => {
    if (totalPages === undefined || plans.isPlaceholderData) return;
    const last = Math.max(totalPages - 1, 0);
    if (filters.page > last) setPage(last, { replace: true });
  }, [totalPages, plans.isPlaceholderData, filters.page, setPage]);

  const filterCount =
    filters.labelIds.length +
    filters.developers.length +
    (filters.minRating !== null ? 1 : 0) +
    (filters.price !== null ? 1 : 0);
  const labelList = labels.data ?? [];
  const active: ActiveFilter[] = [
    ...(filters.name
      ? [{ key: 'name', label: `“${filters.name}”`, onRemove: () => setFilters({ name: '' }) }]
      : []),
    ...filters.labelIds.map((id) => ({
      key: `label-${id}`,
      label: labelList.find((label) => label.id === id)?.name ?? `Label ${id}`,
      onRemove: () => setFilters({ labelIds: toggleValue(filters.labelIds, id) }),
    })),
    ...(filters.minRating !== null
      ? [
          {
            key: 'rating',
            label: `${filters.minRating} stars & up`,
            onRemove: () => setFilters({ minRating: null }),
          },
        ]
      : []),
    ...(filters.price !== null
      ? [
          {
            key: 'price',
            label: SHOP_PRICE_BANDS.find((band) => band.value === filters.price)?.label ?? 'Price',
            onRemove: () => setFilters({ price: null }),
          },
        ]
      : []),
    ...filters.developers.map((discordId) => ({
      key: `developer-${discordId}`,
      label:
        developers.data?.find((developer) => developer.discordId === discordId)?.displayName ?? 'Developer',
      onRemove: () => setFilters({ developers: toggleValue(filters.developers, discordId) }),
    })),
  ];

  let results: ReactNode;
  if (plans.isPending || (plans.data && !shownPlans)) {
    results = <PlanResultsSkeleton />;
  } else if (plans.isError && !shownPlans) {
    results = (
      <div className={styles.state} role="alert">
        <h2 className={styles.stateTitle}>The plugins could not be loaded</h2>
        <p className={styles.stateText}>{plans.error.message} Check your connection and try again.</p>
        <Button onClick={() => void plans.refetch()} loading={plans.isFetching} loadingText="Retrying...">
          Try again
        </Button>
      </div>
    );
  } else if (!shownPlans || shownPlans.content.length === 0) {
    const filtered = hasActiveFilters(filters);
    results = (
      <div className={styles.state}>
        <h2 className={styles.stateTitle}>{filtered ? 'No plans match your search.' : 'No plans yet.'}</h2>
        <p className={styles.stateText}>
          {filtered
            ? 'Try another name, or fewer skills and developers.'
            : 'New plugins are on their way. Check back soon.'}
        </p>
        {filtered ? (
          <Button variant="secondary" onClick={clearFilters}>
            Clear filters
          </Button>
        ) : null}
      </div>
    );
  } else {
    results = (
      <>
        <PlanResults
          plans={shownPlans.content}
          busy={plans.isPlaceholderData}
          holdingOf={(planId) => planHolding(mySubscriptions.data, planId, new Date())}
        />
        <Pagination
          label="Pages"
          className={paginationStyles.frame}
          page={filters.page}
          totalPages={shownPlans.totalPages}
          pageSize={filters.size}
          pageSizeOptions={PLAN_PAGE_SIZES}
          pageSizeLabel="Plugins per page"
          onPage={(page) => setPage(page)}
          onPageSize={(size) => setFilters({ size })}
          addresses={shopPageAddresses(filters)}
        />
      </>
    );
  }

  return (
    <Page
      eyebrow="Shop"
      title="Plugins"
      description="Free and premium plugins for every skill, boss and minigame. Pick one, choose an option and start playing."
    >
      <div className={stack.gap5}>
        <ShopSearchForm
          toolbarClassName={wrapRow.gap3}
          filters={filters}
          onSearch={onSearch}
          onSort={(sort) => setFilters({ sort })}
          inPanel={{ labels: panelOpen, developers: panelOpen && developers.status === 'success' }}
          matches={matches}
          panel={
            panelOpen ? (
              <FilterPanel
                id={panelId}
                labels={labelList}
                developers={developers.data}
                developersState={developers.status}
                onRetryDevelopers={() => void developers.refetch()}
                selectedLabelIds={filters.labelIds}
                selectedDevelopers={filters.developers}
                onToggleLabel={(id) => setFilters({ labelIds: toggleValue(filters.labelIds, id) })}
                onToggleDeveloper={(discordId) =>
                  setFilters({ developers: toggleValue(filters.developers, discordId) })
                }
                minRating={filters.minRating}
                onMinRating={(minRating) => setFilters({ minRating })}
                price={filters.price}
                onPrice={(price) => setFilters({ price })}
                onClear={clearFilters}
                canClear={hasActiveFilters(filters)}
                matches={matches}
                onShowResults={() => {
                  setPanelOpen(false);
                  resultsRef.current?.focus({ preventScroll: true });
                  resultsRef.current?.scrollIntoView?.({ block: 'start' });
                }}
              />
            ) : null
          }
        >
          {/* Before the code runs it submits the form and the server opens the panel. */}
          <button
            type="submit"
            name="filters"
            value={panelOpen ? 'closed' : 'open'}
            className={styles.filterToggle}
            aria-expanded={panelOpen}
            aria-controls={panelId}
            onClick={(event) => {
              event.preventDefault();
              setPanelOpen((open) => !open);
            }}
          >
            <FilterIcon size={18} />
            <span>Filters</span>
            {filterCount > 0 ? (
              <span className={styles.count}>
                {filterCount}
                <VisuallyHidden> selected</VisuallyHidden>
              </span>
            ) : null}
            <DisclosureChevron open={panelOpen} />
          </button>
        </ShopSearchForm>

        <ActiveFilters filters={active} onClearAll={clearFilters} />

        {/* Show N plugins moves here (a target for focus, not a tab stop). */}
        <section className={styles.results} aria-label="Results" ref={resultsRef} tabIndex={-1}>
          {results}
        </section>
      </div>
    </Page>
  );
}

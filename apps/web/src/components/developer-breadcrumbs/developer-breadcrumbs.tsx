import { paths } from '../../config/paths.ts';
import { type Breadcrumb, Breadcrumbs } from '../ui/breadcrumbs/breadcrumbs.tsx';

/** "Home > Developer Dashboard > …": the crumbs of a page under the developer dashboard. */
export function DeveloperBreadcrumbs({ trail }: { trail: readonly Breadcrumb[] }) {
  return (
    <Breadcrumbs
      items={[
        { label: 'Home', to: paths.home.getHref() },
        { label: 'Developer Dashboard', to: paths.developer.getHref() },
        ...trail,
      ]}
    />
  );
}

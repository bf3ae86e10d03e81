import { type Breadcrumb, Breadcrumbs } from '../../../components/ui/breadcrumbs/breadcrumbs.tsx';
import { paths } from '../../../config/paths.ts';

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

import type { Bootstrap } from '@ember/contracts/bootstrap';
import { PLATFORMS } from '@ember/contracts/enums';
import { DownloadIcon } from '../../../components/icons/icons.tsx';
import { Dropdown, type DropdownItem } from '../../../components/ui/dropdown/dropdown.tsx';
import { useBootstrap } from '../api/get-bootstrap.ts';

/** Known platforms first in a fixed order, then anything new the bootstrap lists. */
function platformItems(bootstrap: Bootstrap): DropdownItem[] {
  const known: readonly string[] = PLATFORMS;
  const keys = [
    ...PLATFORMS.filter((platform) => platform in bootstrap.platforms),
    ...Object.keys(bootstrap.platforms).filter((platform) => !known.includes(platform)),
  ];
  return keys.flatMap((key) => {
    const entry = bootstrap.platforms[key];
    return entry ? [{ id: key, kind: 'external' as const, label: entry.label, href: entry.url }] : [];
  });
}

/** Desktop-only Download menu for signed-in users: the client for every platform. */
export function DownloadMenu() {
  const bootstrap = useBootstrap({ enabled: true });
  let items: DropdownItem[];
  if (bootstrap.isPending) items = [{ id: 'loading', kind: 'note', label: 'Loading downloads…' }];
  else if (bootstrap.isError)
    items = [{ id: 'error', kind: 'note', label: 'Downloads are unavailable right now.' }];
  else items = platformItems(bootstrap.data);

  return (
    <Dropdown
      label={
        <>
          <DownloadIcon size={16} /> Download
        </>
      }
      menuLabel="Download"
      items={items}
    />
  );
}

import { Suspense, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page/page.tsx';
import { SearchBox } from '../../../components/ui/search-box/search-box.tsx';
import { Spinner } from '../../../components/ui/spinner/spinner.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { AdminSectionNav } from '../components/shell/admin-section-nav.tsx';
import { adminSectionOf, SECTION_PARAM, USER_SEARCH_PARAM } from '../components/shell/admin-sections.ts';
import styles from '../components/shell/admin-shell.module.css';

export const FIND_USER_LABEL = 'Find a user: Discord id, username or id';

/**
 * /admin (ADMIN; others go to /account): the back office in sections (spec §2 Admin dashboard).
 * The open section is `?section=` so it survives a reload and can be linked; only its code and
 * data load. The search at the top finds a user (`?section=users&q=`).
 */
export default function AdminPage() {
  useDocumentTitle('Admin Panel');
  const [searchParams, setSearchParams] = useSearchParams();
  const section = adminSectionOf(searchParams.get(SECTION_PARAM));
  const onUsers = section.id === 'users';
  const userSearch = onUsers ? (searchParams.get(USER_SEARCH_PARAM) ?? '') : '';

  const findUser = useCallback(
    (text: string) => {
      setSearchParams(
        (current) => {
          const onUsersNow = current.get(SECTION_PARAM) === 'users';
          // Clearing the box elsewhere changes nothing; on the users section it shows everyone again.
          if (!text && !onUsersNow) return current;
          const next = new URLSearchParams({ [SECTION_PARAM]: 'users' });
          if (text) next.set(USER_SEARCH_PARAM, text);
          return next;
        },
        { replace: onUsers },
      );
    },
    [setSearchParams, onUsers],
  );

  const Section = section.component;
  return (
    <Page
      eyebrow="Back office"
      title="Admin Panel"
      actions={
        <div className={styles.search}>
          <SearchBox
            value={userSearch}
            label={FIND_USER_LABEL}
            placeholder="Discord id, username or id"
            onSearch={findUser}
          />
        </div>
      }
    >
      <div className={styles.layout}>
        <AdminSectionNav current={section.id} />
        <div className={styles.content}>
          <Suspense
            fallback={
              <div className={styles.pending}>
                <Spinner size="lg" label={`Loading ${section.label.toLowerCase()}`} />
              </div>
            }
          >
            <Section key={section.id} />
          </Suspense>
        </div>
      </div>
    </Page>
  );
}

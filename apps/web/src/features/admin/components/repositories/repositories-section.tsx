import { ApprovedJarsCard } from './approved-jars-card.tsx';
import { ApprovedReposCard } from './approved-repos-card.tsx';
import { DeveloperRepositoriesCard } from './developer-repositories-card.tsx';
import { RepoUpdatesCard } from './repo-updates-card.tsx';
import styles from './repositories.module.css';

/** Repositories (spec §2 Admin dashboard): developer repositories, repo updates, approved repos and jars. */
export default function RepositoriesSection() {
  return (
    <>
      <DeveloperRepositoriesCard />
      <RepoUpdatesCard />
      <div className={styles.approvals}>
        <ApprovedReposCard />
        <ApprovedJarsCard />
      </div>
    </>
  );
}

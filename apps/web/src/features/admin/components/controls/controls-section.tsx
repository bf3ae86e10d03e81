import { Card } from '../../../../components/ui/card/card.tsx';
import { ControlRow } from './control-row.tsx';
import styles from './controls.module.css';

const releaseMessage = (what: string, folder: string) => (force: boolean) =>
  `This publishes the ${what} build waiting in ${folder} on the server as the current ${what}; game clients download it on their next start.${
    force
      ? ' It is published even if that version is already the current one.'
      : ' If that version is already the current one, nothing is published.'
  }`;

/** Admin controls (spec §2 Admin dashboard): each runs after a confirmation that says what it does. */
export default function ControlsSection() {
  return (
    <>
      <Card title="Sessions">
        <ul className={styles.list}>
          <ControlRow
            command="clearSessions"
            title="Clear all sessions"
            description="Ends every game-client session of every user at once."
            actionLabel="Clear all sessions"
            destructive
            confirmMessage={() =>
              'This ends every game-client session of every user. Everyone playing is disconnected and has to start the client again. It cannot be undone.'
            }
          />
        </ul>
      </Card>
      <Card title="Client releases">
        <ul className={styles.list}>
          <ControlRow
            command="updateLoader"
            title="Update loader"
            description="Publishes the loader build on the server as the one clients download."
            actionLabel="Update loader"
            forceLabel="Force (same version again)"
            confirmMessage={releaseMessage('loader', 'LOADER_RELEASE_DIR')}
          />
          <ControlRow
            command="updateClasspath"
            title="Update server classpath"
            description="Publishes the server classpath build on the server as the one clients download."
            actionLabel="Update classpath"
            forceLabel="Force (same version again)"
            confirmMessage={releaseMessage('server classpath', 'CLASSPATH_RELEASE_DIR')}
          />
        </ul>
      </Card>
      <Card title="Repository updates">
        <ul className={styles.list}>
          <ControlRow
            command="forceRepoUpdates"
            title="Force repo updates"
            description="Queues an update of every developer repository, registering their plugins again."
            actionLabel="Queue all updates"
            alwaysForce
            confirmMessage={() =>
              "This queues an update of every developer's repository. Each one is fetched again and its plugins are registered again, even where no commit changed. They run one repository at a time in the background."
            }
          />
          <ControlRow
            command="flushUpdates"
            title="Flush updates"
            description="Cancels the queued repository updates that have not started yet."
            actionLabel="Flush updates"
            destructive
            confirmMessage={() =>
              'This cancels every queued repository update that has not started yet. Updates already running finish; the cancelled ones have to be queued again.'
            }
          />
        </ul>
      </Card>
    </>
  );
}

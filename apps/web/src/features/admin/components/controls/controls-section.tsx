import { Card } from '../../../../components/ui/card/card.tsx';
import { ControlRow, type ControlRowProps } from './control-row.tsx';
import styles from './controls.module.css';

const releaseMessage = (what: string, folder: string) => (force: boolean) =>
  `This publishes the ${what} build waiting in ${folder} on the server as the current ${what}; game clients download it on their next start.${
    force
      ? ' It is published even if that version is already the current one.'
      : ' If that version is already the current one, nothing is published.'
  }`;

/** The controls, in the cards that group them. */
const GROUPS: { title: string; controls: ControlRowProps[] }[] = [
  {
    title: 'Sessions',
    controls: [
      {
        command: 'clearSessions',
        title: 'Clear all sessions',
        description: 'Ends every game-client session of every user at once.',
        actionLabel: 'Clear all sessions',
        destructive: true,
        confirmMessage: () =>
          'This ends every game-client session of every user. Everyone playing is disconnected and has to start the client again. It cannot be undone.',
      },
    ],
  },
  {
    title: 'Client releases',
    controls: [
      {
        command: 'updateLoader',
        title: 'Update loader',
        description: 'Publishes the loader build on the server as the one clients download.',
        actionLabel: 'Update loader',
        forceLabel: 'Force (same version again)',
        confirmMessage: releaseMessage('loader', 'LOADER_RELEASE_DIR'),
      },
      {
        command: 'updateClasspath',
        title: 'Update server classpath',
        description: 'Publishes the server classpath build on the server as the one clients download.',
        actionLabel: 'Update classpath',
        forceLabel: 'Force (same version again)',
        confirmMessage: releaseMessage('server classpath', 'CLASSPATH_RELEASE_DIR'),
      },
    ],
  },
  {
    title: 'Repository updates',
    controls: [
      {
        command: 'forceRepoUpdates',
        title: 'Force repo updates',
        description: 'Queues an update of every developer repository, registering their plugins again.',
        actionLabel: 'Queue all updates',
        alwaysForce: true,
        confirmMessage: () =>
          "This queues an update of every developer's repository. Each one is fetched again and its plugins are registered again, even where no commit changed. They run one repository at a time in the background.",
      },
      {
        command: 'flushUpdates',
        title: 'Flush updates',
        description: 'Cancels the queued repository updates that have not started yet.',
        actionLabel: 'Flush updates',
        destructive: true,
        confirmMessage: () =>
          'This cancels every queued repository update that has not started yet. Updates already running finish; the cancelled ones have to be queued again.',
      },
    ],
  },
];

/** Admin controls (spec §2 Admin dashboard): each runs after a confirmation that says what it does. */
export default function ControlsSection() {
  return (
    <>
      {GROUPS.map(({ title, controls }) => (
        <Card key={title} title={title}>
          <ul className={styles.list}>
            {controls.map((control) => (
              <ControlRow key={control.command} {...control} />
            ))}
          </ul>
        </Card>
      ))}
    </>
  );
}

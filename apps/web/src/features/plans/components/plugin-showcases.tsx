import type { PluginShowcase } from '@ember/contracts/plugin-showcase';
import { ExternalLinkIcon } from '../../../components/icons/icons.tsx';
import { ReaderDate, TimeAgo } from '../../../components/time-ago/time-ago.tsx';
import { Card } from '../../../components/ui/card/card.tsx';
import stack from '../../../styles/stack.module.css';
import styles from './plugin-showcases.module.css';
import { ScreenshotGallery } from './screenshot-gallery.tsx';

function PluginShowcaseItem({ plugin }: { plugin: PluginShowcase }) {
  return (
    <article className={styles.plugin} aria-labelledby={`plugin-${plugin.pluginId}`}>
      <h3 id={`plugin-${plugin.pluginId}`} className={styles.name}>
        {plugin.name}
      </h3>
      <p className={styles.facts}>
        <span>Version {plugin.version}</span>
        {plugin.updatedAt ? (
          <span>
            Updated <TimeAgo iso={plugin.updatedAt} />
          </span>
        ) : null}
      </p>
      <ScreenshotGallery pluginName={plugin.name} screenshots={plugin.screenshots} />
      {plugin.videoUrl ? (
        <a className={styles.video} href={plugin.videoUrl} target="_blank" rel="noopener noreferrer nofollow">
          Watch the video of {plugin.name} <ExternalLinkIcon size={14} aria-label="(opens in a new tab)" />
        </a>
      ) : null}
      {plugin.changelog.length > 0 ? (
        <details className={styles.changelog}>
          <summary>Changelog</summary>
          <ol className={styles.versions}>
            {plugin.changelog.map((entry) => (
              <li key={`${entry.version} ${entry.publishedAt}`}>
                <p className={styles.version}>
                  <strong>{entry.version}</strong> <ReaderDate iso={entry.publishedAt} />
                </p>
                {entry.notes ? <p className={styles.notes}>{entry.notes}</p> : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </article>
  );
}

/** Each included plugin's version, last update, screenshots, video and changelog (issue 35). */
export function PluginShowcases({ plugins }: { plugins: PluginShowcase[] }) {
  if (plugins.length === 0) return null;
  return (
    <Card title="Versions and screenshots">
      <div className={stack.gap6}>
        {plugins.map((plugin) => (
          <PluginShowcaseItem key={plugin.pluginId} plugin={plugin} />
        ))}
      </div>
    </Card>
  );
}

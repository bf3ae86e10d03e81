import { formatCount } from '../../../lib/format/money.ts';

/** '1 plugin', '33 plugins': how many plans the shop's filters match (issue 34, item 8). */
export function pluginCountLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'plugin' : 'plugins'}`;
}

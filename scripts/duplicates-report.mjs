#!/usr/bin/env node
// The first step of `npm run lint`: which lines this change wrote again (the tool library's
// `duplicates --change`, decision 0073). A report, never a failure: it always exits 0, and says so
// where the machine has no `duplicates` or it could not finish.
import { spawnSync } from 'node:child_process';

const git = (...args) => spawnSync('git', args, { encoding: 'utf8' });

/** What counts as the change: the branch's work since it left main, or the uncommitted edits on main. */
function changeBase() {
  if (process.env.DUPLICATES_BASE) return process.env.DUPLICATES_BASE;
  const mergeBase = git('merge-base', 'HEAD', 'main');
  return mergeBase.status === 0 ? mergeBase.stdout.trim() : 'HEAD';
}

/** Whether the change adds anything: committed since the base, edited, or new and not ignored. */
function hasChange(base) {
  const edited = git('diff', '--quiet', base);
  const untracked = git('ls-files', '--others', '--exclude-standard');
  return edited.status !== 0 || untracked.stdout.trim() !== '';
}

const base = changeBase();
if (!hasChange(base)) {
  console.log('duplicates --change: no change since main to report');
  process.exit(0);
}
console.log(`duplicates --change --base ${base.slice(0, 12)} (a report; lint does not fail on it)`);
const report = spawnSync('duplicates', ['--change', '--base', base, '--most', '20', '--seconds', '120'], {
  stdio: 'inherit',
});
if (report.error) console.log(`duplicates: not run (${report.error.message}); nothing to report`);
process.exit(0);

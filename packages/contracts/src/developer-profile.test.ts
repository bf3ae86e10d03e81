import { describe, expect, it } from 'vitest';
import { updateRhythmOf, updateRhythmText } from './developer-profile.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);

describe('updateRhythmOf', () => {
  it('takes the median gap between versions of the same plugin, in whole days', () => {
    const rhythm = updateRhythmOf([
      [day(0), day(9), day(18), day(100)],
      [day(5), day(13)],
    ]);
    expect(rhythm).toEqual({ versions: 6, lastPublishedAt: day(100).toISOString(), everyDays: 9 });
    expect(updateRhythmText(rhythm)).toBe('Updates about every 9 days');
  });

  it('never measures a gap across two plugins', () => {
    expect(updateRhythmOf([[day(0)], [day(3)]]).everyDays).toBeNull();
  });

  it('says so without versions or with one version per plugin', () => {
    expect(updateRhythmText(updateRhythmOf([]))).toBe('No versions published yet');
    expect(updateRhythmText(updateRhythmOf([[day(2)]]))).toBe('No updates since the first version yet');
  });

  it('rounds same-day fixes up to every day', () => {
    expect(updateRhythmText(updateRhythmOf([[day(0), new Date(day(0).getTime() + 3_600_000)]]))).toBe(
      'Updates about every day',
    );
  });
});

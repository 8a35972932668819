import { describe, expect, it } from 'vitest';
import { describeSubject, SUBJECTS } from './index';

describe('subject recognition', () => {
  it('recognises at least 15 common subjects by keyword', () => {
    expect(SUBJECTS.length).toBeGreaterThanOrEqual(15);
    const expected: Record<string, string> = {
      'a red chair': 'chair',
      'a round wooden table': 'table',
      'an oak tree': 'tree',
      'a sports car': 'car',
      'a friendly robot': 'robot',
      'a cozy house': 'house',
      'a coffee mug': 'mug',
      'a magic sword': 'sword',
      'a desk lamp': 'lamp',
      'a knight with a sword': 'humanoid',
      'a rocket ship': 'rocket',
      'a cup of tea': 'mug',
      'a reading lamp': 'lamp',
      'a blue rocket': 'rocket',
      'a spotted mushroom': 'mushroom',
      'a ceramic vase': 'vase',
      'a glazed donut': 'donut',
      'a diamond ring': 'ring',
      'a cut diamond': 'crystal',
      'a gold ring': 'ring',
      'a glowing crystal': 'crystal',
      'a knight in armour': 'humanoid',
      'a rubber duck': 'bird',
      'a medieval castle': 'castle',
      'two cats': 'animal',
    };
    for (const [prompt, id] of Object.entries(expected)) expect(describeSubject(prompt), prompt).toBe(id);
    expect(describeSubject('vorpal snicker-snack')).toBe('abstract');
  });
});

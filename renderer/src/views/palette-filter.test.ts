import type { SpotlightActionData, SpotlightActionGroupData } from '@mantine/spotlight';
import { describe, expect, it } from 'vitest';
import { anyOrderFilter } from './palette-filter.js';

const DATA: (SpotlightActionData | SpotlightActionGroupData)[] = [
  {
    group: 'App',
    actions: [
      { id: 'review-all', label: 'Review all skills' },
      { id: 'verify-all', label: 'Verify all skills', description: 'Read every file of every connected server' },
      { id: 'settings', label: 'Settings…', keywords: ['timeouts', 'limits'] },
    ],
  },
  { group: 'Servers', actions: [{ id: 'connect-demo', label: 'Demo: connect', description: 'stdio' }] },
];

const ids = (query: string) => anyOrderFilter(query, DATA).flatMap((item) => ('actions' in item ? item.actions.map((a) => `${item.group}/${a.id}`) : [String(item.id)]));

describe('the palette filter', () => {
  it('matches words in any order', () => {
    expect(ids('review all')).toEqual(['App/review-all']);
    expect(ids('all review')).toEqual(['App/review-all']);
    expect(ids('  ALL   Review ')).toEqual(['App/review-all']);
  });

  it('wants every word, and puts label matches before those that use the description or keywords', () => {
    expect(ids('all skills')).toEqual(['App/review-all', 'App/verify-all']);
    expect(ids('review verify')).toEqual([]);
    expect(ids('every verify')).toEqual(['App/verify-all']);
    expect(ids('limits')).toEqual(['App/settings']);
    expect(ids('connect demo')).toEqual(['Servers/connect-demo']);
  });

  it('keeps everything for an empty query', () => {
    expect(ids('')).toEqual(['App/review-all', 'App/verify-all', 'App/settings', 'Servers/connect-demo']);
  });
});

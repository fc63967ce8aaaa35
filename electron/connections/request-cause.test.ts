import { describe, expect, it } from 'vitest';
import type { ProtocolLogEntry } from '../../shared/model.js';
import { ProtocolLog } from './protocol-log.js';
import { causeOfCall, currentCause, SECOND_READ, withCause, withStep } from './request-cause.js';

describe('why a request was sent', () => {
  it('a request sent under a cause carries it, across awaits; answers, notifications and requests from the server do not', async () => {
    const log = new ProtocolLog('s', 100, () => undefined);
    await withCause('Verify', async () => {
      await Promise.resolve();
      log.message('out', { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'skill://a/SKILL.md' } });
      await withCause('Replay', async () => log.message('out', { jsonrpc: '2.0', id: 2, method: 'skills/list', params: {} }));
      log.message('in', { jsonrpc: '2.0', id: 1, result: { contents: [] } });
      log.message('in', { jsonrpc: '2.0', id: 9, method: 'ping' });
      log.message('out', { jsonrpc: '2.0', method: 'notifications/initialized' });
    });
    log.message('out', { jsonrpc: '2.0', id: 3, method: 'skills/list', params: {} });
    const why = (e: ProtocolLogEntry) => [e.direction, e.kind, e.method, e.why ?? null];
    expect(log.list().map(why)).toEqual([
      ['out', 'request', 'resources/read', 'Verify'],
      ['out', 'request', 'skills/list', 'Replay'],
      ['in', 'response', 'resources/read', null],
      ['in', 'request', 'ping', null],
      ['out', 'notification', 'notifications/initialized', null],
      ['out', 'request', 'skills/list', null],
    ]);
  });

  it('names the app calls in the user words', () => {
    expect(['skills.verify', 'skills.readFile', 'review.start', 'approvals.startReview', 'approvals.approve', 'log.replay', 'settings.get'].map(causeOfCall)).toEqual(['Verify', 'File opened', 'Review', 'Review', 'Approve', 'Replay', undefined]);
  });

  it('a step of an action says both; with no action under way, the step alone; the action resumes after it', async () => {
    await withCause('Review', async () => {
      await withStep(SECOND_READ, async () => {
        await Promise.resolve();
        expect(currentCause()).toBe('Review · second read (same bytes check)');
      });
      expect(currentCause()).toBe('Review');
    });
    expect(withStep(SECOND_READ, () => currentCause())).toBe('Second read (same bytes check)');
  });
});

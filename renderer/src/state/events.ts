// Wires the contract's pushed events into the stores, once.
import { showToast } from './toast.js';
import type { AppAlert } from '../../../shared/api.js';
import { api } from '../api.js';
import { notifyRevoked, TOAST_POSITION, useApprovals } from './approvals.js';
import { useCatalog } from './catalog.js';
import { useCollisions } from './collisions.js';
import { useLocalOrigins } from './local-origins.js';
import { useProtocolLog } from './protocol-log.js';
import { useReviewSession } from './review-session.js';
import { useReviews } from './review.js';
import { useServers } from './servers.js';
import { useSettings } from './settings.js';
import { useVerify } from './verify.js';
import { useReviewAll } from './review-all.js';
import { useGateway } from './gateway.js';
import { useServerWatches } from './server-watch.js';
import { useOAuth } from './oauth.js';

const ALERT_COLOURS = { error: 'red', warning: 'yellow', info: 'blue' } as const;

export function subscribeToEvents(): () => void {
  const offs = [
    api.on('servers.changed', (servers) => useServers.getState().applyServers(servers)),
    api.on('connection.changed', (snapshot) => useServers.getState().applyConnection(snapshot)),
    api.on('skills.listed', ({ serverId, entries, replace, done }) => useCatalog.getState().applyListed(serverId, entries, replace, done)),
    api.on('skills.updated', ({ entries }) => useCatalog.getState().applyUpdated(entries)),
    api.on('job.progress', (job) => useVerify.getState().applyProgress(job)),
    api.on('review.job', (job) => useReviewAll.getState().applyProgress(job)),
    api.on('log.appended', ({ serverId, entries }) => useProtocolLog.getState().applyAppended(serverId, entries)),
    api.on('settings.changed', (settings) => useSettings.getState().apply(settings)),
    api.on('review.updated', (review) => useReviews.getState().applyUpdated(review)),
    api.on('review.localOriginsChanged', (origins) => useLocalOrigins.getState().applyOrigins(origins)),
    // Any change of who lists what may add or end a name clash.
    api.on('skills.listed', ({ done }) => {
      if (done) useCollisions.getState().scheduleRefresh();
    }),
    api.on('servers.changed', () => useCollisions.getState().scheduleRefresh()),
    api.on('approvals.changed', (change) => {
      useApprovals.getState().applyChanged(change);
      useReviewSession.getState().applyApprovalChanged(change);
      if (change.automatic && change.action === 'revoke') notifyRevoked(change);
    }),
    api.on('approvals.reviewProgress', (progress) => useReviewSession.getState().applyProgress(progress)),
    api.on('app.alert', ({ title }) => useApprovals.getState().noteAlert(title)),
    api.on('app.alert', showAlert),
    api.on('gateway.changed', (status) => useGateway.getState().apply(status)),
    api.on('gateway.withdrawn', (withdrawal) => useGateway.getState().applyWithdrawn(withdrawal)),
    api.on('servers.watchChanged', (watch) => useServerWatches.getState().apply(watch)),
    api.on('oauth.authorizationUrl', (page) => useOAuth.getState().applyAuthorizationUrl(page)),
    api.on('servers.changed', (servers) => useOAuth.getState().applyServers(servers)),
  ];
  // A Verify all or Review all started before this window (a reload mid-job, another tab) shows its progress and can be cancelled.
  void useVerify
    .getState()
    .loadRunning()
    .catch(() => undefined);
  void useReviewAll
    .getState()
    .loadRunning()
    .catch(() => undefined);
  // Alerts raised before this window existed (a store recovered at startup) are fetched once; then
  // decisions and the approvals store's health, now that the events that keep them current are heard.
  // Watches started before this window opened (browser mode: another tab, a reload) show at once.
  void useServerWatches
    .getState()
    .load()
    .catch(() => undefined);
  void showEarlierAlerts()
    .then(() => useApprovals.getState().load())
    .catch(() => undefined);
  return () => offs.forEach((off) => off());
}

export function showAlert({ level, title, message }: AppAlert): void {
  // The same alert can arrive both as an event and in the startup list: one id shows it once.
  // Away from the skill pane: an alert must not cover the diff or the decision bar.
  showToast({ id: `alert:${title}:${message}`, color: ALERT_COLOURS[level], position: TOAST_POSITION, title, message, autoClose: level === 'error' ? false : 8000 });
}

async function showEarlierAlerts(): Promise<void> {
  for (const alert of await api.call('app.alerts', {})) {
    useApprovals.getState().noteAlert(alert.title);
    showAlert(alert);
  }
}

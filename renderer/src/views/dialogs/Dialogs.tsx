// The one place dialogs are mounted; which one is open lives in the store.
// Each dialog is loaded the first time it opens: the forms bring the
// contract's argument schemas (zod) and the gateway dialogs their own code,
// none of which the catalog's first rows need.
import { lazy, Suspense } from 'react';
import { useDialogs } from '../../state/dialogs.js';
import { ExternalLinkDialog } from './ExternalLinkDialog.js';

const ImportDialog = lazy(() => import('./ImportDialog.js').then((m) => ({ default: m.ImportDialog })));
const LoadByUriDialog = lazy(() => import('./LoadByUriDialog.js').then((m) => ({ default: m.LoadByUriDialog })));
const RemoveServerDialog = lazy(() => import('./RemoveServerDialog.js').then((m) => ({ default: m.RemoveServerDialog })));
const ServerFormDialog = lazy(() => import('./ServerFormDialog.js').then((m) => ({ default: m.ServerFormDialog })));
const SettingsDialog = lazy(() => import('./SettingsDialog.js').then((m) => ({ default: m.SettingsDialog })));
const GatewayDialog = lazy(() => import('../gateway/GatewayDialog.js').then((m) => ({ default: m.GatewayDialog })));
const LockComparisonWindow = lazy(() => import('../approvals/LockComparisonWindow.js').then((m) => ({ default: m.LockComparisonWindow })));
const UseInHostDialog = lazy(() => import('../gateway/UseInHostDialog.js').then((m) => ({ default: m.UseInHostDialog })));

export function Dialogs() {
  const dialog = useDialogs((s) => s.dialog);
  if (!dialog) return null;
  return <Suspense fallback={null}>{dialogFor(dialog)}</Suspense>;
}

function dialogFor(dialog: NonNullable<ReturnType<typeof useDialogs.getState>['dialog']>) {
  switch (dialog.kind) {
    case 'server-form':
      return <ServerFormDialog key={dialog.serverId ?? 'new'} serverId={dialog.serverId} />;
    case 'import':
      return <ImportDialog text={dialog.text} />;
    case 'settings':
      return <SettingsDialog />;
    case 'load-by-uri':
      return <LoadByUriDialog serverId={dialog.serverId} />;
    case 'remove-server':
      return <RemoveServerDialog serverId={dialog.serverId} />;
    case 'external-link':
      // Small, and the guard on every outside link: never waits for a download.
      return <ExternalLinkDialog url={dialog.url} />;
    case 'use-in-host':
      return <UseInHostDialog />;
    case 'gateway':
      return <GatewayDialog />;
    case 'lock-comparison':
      return <LockComparisonWindow />;
  }
}

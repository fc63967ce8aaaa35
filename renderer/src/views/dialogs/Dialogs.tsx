// The one place dialogs are mounted; which one is open lives in the store.
import { useDialogs } from '../../state/dialogs.js';
import { ExternalLinkDialog } from './ExternalLinkDialog.js';
import { ImportDialog } from './ImportDialog.js';
import { LoadByUriDialog } from './LoadByUriDialog.js';
import { RemoveServerDialog } from './RemoveServerDialog.js';
import { ServerFormDialog } from './ServerFormDialog.js';
import { SettingsDialog } from './SettingsDialog.js';
import { GatewayDialog } from '../gateway/GatewayDialog.js';
import { UseInHostDialog } from '../gateway/UseInHostDialog.js';

export function Dialogs() {
  const dialog = useDialogs((s) => s.dialog);
  if (!dialog) return null;
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
      return <ExternalLinkDialog url={dialog.url} />;
    case 'use-in-host':
      return <UseInHostDialog />;
    case 'gateway':
      return <GatewayDialog />;
  }
}

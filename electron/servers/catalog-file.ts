// servers.json's shape: what the file must hold to be loaded (checked with
// zod on every load) and the record the catalog keeps for each server.
import { z } from 'zod';
import { transportSchema } from '../../shared/api.js';
import type { ServerConfig } from '../../shared/model.js';
import type { SecretRefs } from './server-secrets.js';

const serverConfigSchema = z.object({
  id: z.string().min(1),
  label: z.string().min(1),
  transport: transportSchema,
  builtin: z.literal('demo').optional(),
  createdAt: z.string(),
  /** Where each secret field's value is kept; the transport itself holds none (a file from before 0.x may, and is migrated). */
  secretRefs: z.record(z.string(), z.object({ store: z.enum(['keychain', 'safe-storage', 'encrypted-file']), id: z.string().min(1) })).optional(),
});

/** A server as servers.json keeps it: the public config without `secrets`, with the references instead. */
export type StoredServer = Omit<ServerConfig, 'secrets'> & { readonly secretRefs?: SecretRefs };

export const catalogFileSchema = z.object({
  version: z.literal(1),
  /** Whether the bundled sample server was offered once; a user who removes it keeps it removed. */
  demoSeeded: z.boolean().default(false),
  servers: z.array(serverConfigSchema),
});
export interface CatalogFile {
  readonly version: 1;
  readonly demoSeeded: boolean;
  readonly servers: readonly StoredServer[];
}

// --receipts DIR [--trust FILE]: the team folder a command reads before any
// server is started, so a broken team folder is bad usage (exit 2), not a verdict.
import { TeamFolderError, readAllowedSigners, readReceiptsFolder } from '../team/team-folder.js';
import { UsageError } from './usage-error.js';

export async function readTeamFolderFlags(receiptsDir: string, trust: string) {
  try {
    return { signers: await readAllowedSigners(trust), receipts: await readReceiptsFolder(receiptsDir) };
  } catch (error) {
    if (error instanceof TeamFolderError) throw new UsageError(error.message);
    throw error;
  }
}

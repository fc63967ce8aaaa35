// --receipts DIR [--trust FILE]: the team folder a command reads before any
// server is started, so a broken team folder is bad usage (exit 2), not a verdict.
// A folder with more receipt bytes than are read is read in part, not refused:
// the files not read come back as such, and the report says it is partial.
import { receiptsFolderPlace } from '../team/folder-links.js';
import { RECEIPTS_FOLDER_LIMITS, TeamFolderError, readAllowedSigners, readReceiptsFolder, type ReceiptsFolderLimits } from '../team/team-folder.js';
import { UsageError } from './usage-error.js';

export async function readTeamFolderFlags(receiptsDir: string, trust: string, limits: ReceiptsFolderLimits = RECEIPTS_FOLDER_LIMITS) {
  try {
    // The receipts folder and its team folder are looked at first: allowed-signers is read from the team folder by
    // default, and a link there must not have it read (and its first words quoted) from outside the repository.
    const place = await receiptsFolderPlace(receiptsDir);
    return { signers: await readAllowedSigners(trust, place), receipts: await readReceiptsFolder(receiptsDir, (f) => f, limits) };
  } catch (error) {
    if (error instanceof TeamFolderError) throw new UsageError(error.message);
    throw error;
  }
}

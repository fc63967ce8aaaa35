// Where the app keeps its data when Electron is not there to say (browser
// mode, the CLI): the same folder Electron's app.getPath('userData') uses.
import os from 'node:os';
import path from 'node:path';

export const PRODUCT_NAME = 'Skill Inspector';

export function defaultDataDir(platform = process.platform, env = process.env, home = os.homedir()): string {
  if (env['SKILL_INSPECTOR_DATA_DIR']) return env['SKILL_INSPECTOR_DATA_DIR'];
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', PRODUCT_NAME);
  if (platform === 'win32') return path.join(env['APPDATA'] ?? path.join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  return path.join(env['XDG_CONFIG_HOME'] ?? path.join(home, '.config'), PRODUCT_NAME);
}

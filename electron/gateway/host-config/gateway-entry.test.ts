import { describe, expect, it } from 'vitest';
import { gatewayEntry, gatewayLaunchFor, gatewaySnippet } from './gateway-entry.js';

describe('the gateway entry a host starts', () => {
  it('runs the gateway the way the app runs its demo server: same runtime, same cli.js, ELECTRON_RUN_AS_NODE kept', () => {
    const launch = gatewayLaunchFor({ kind: 'stdio', command: '/opt/Skill Inspector/skill-inspector', args: ['/opt/app.asar/out/main/cli.js', 'demo-server'], env: { ELECTRON_RUN_AS_NODE: '1' } }, '/home/u/.config/Skill Inspector');
    expect(launch).toEqual({ command: '/opt/Skill Inspector/skill-inspector', args: ['/opt/app.asar/out/main/cli.js', 'gateway', '--data-dir', '/home/u/.config/Skill Inspector'], env: { ELECTRON_RUN_AS_NODE: '1' } });
    expect(gatewayLaunchFor({ kind: 'http', url: 'http://127.0.0.1:1/mcp', headers: {} }, '/d')).toEqual({ command: 'skill-inspector', args: ['gateway', '--data-dir', '/d'] });
  });

  it('spells the entry as each host reads it, and the snippet as it is pasted', () => {
    const launch = { command: 'node', args: ['cli.js', 'gateway'] };
    expect(gatewayEntry(launch, 'plain')).toEqual({ command: 'node', args: ['cli.js', 'gateway'] });
    expect(gatewayEntry(launch, 'typed')).toEqual({ type: 'stdio', command: 'node', args: ['cli.js', 'gateway'] });
    expect(gatewaySnippet(launch, 'typed', 'servers')).toBe('{\n  "servers": {\n    "skill-inspector": {\n      "type": "stdio",\n      "command": "node",\n      "args": [\n        "cli.js",\n        "gateway"\n      ]\n    }\n  }\n}\n');
  });
});

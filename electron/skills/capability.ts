// Reads the skills capability from server/discover or initialize (SPEC §2.1).
// Inline settings are the only conformant form; an envelope, a non-object
// value or a declaration under `experimental` is read as legacy and reported.
import { SKILLS_EXTENSION_ID } from '@modelcontextprotocol/core/ext/skills';
import { finding } from '../../shared/findings.js';
import type { Finding } from '../../shared/model.js';
import { previewJson } from '../../shared/nesting.js';

export interface SkillsCapabilityReading {
  /** The server claims to serve skills/list and skills/get (in some form). */
  readonly declared: boolean;
  readonly directoryRead: boolean;
  readonly location?: 'extensions' | 'experimental';
  readonly findings: Finding[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function readSkillsCapability(capabilities: Record<string, unknown> | undefined, serverId: string): SkillsCapabilityReading {
  const findings: Finding[] = [];
  const loc = { serverId, field: `capabilities.extensions["${SKILLS_EXTENSION_ID}"]` };
  const extensions = capabilities?.['extensions'];
  const experimental = capabilities?.['experimental'];
  let value: unknown;
  let location: 'extensions' | 'experimental' | undefined;
  if (isRecord(extensions) && Object.hasOwn(extensions, SKILLS_EXTENSION_ID)) {
    value = extensions[SKILLS_EXTENSION_ID];
    location = 'extensions';
  } else if (isRecord(experimental) && Object.hasOwn(experimental, SKILLS_EXTENSION_ID)) {
    value = experimental[SKILLS_EXTENSION_ID];
    location = 'experimental';
    findings.push(
      finding('legacy-capability-experimental', `The skills extension is declared under capabilities.experimental; it belongs under capabilities.extensions["${SKILLS_EXTENSION_ID}"].`, {
        serverId,
        field: `capabilities.experimental["${SKILLS_EXTENSION_ID}"]`,
      }),
    );
  } else {
    return { declared: false, directoryRead: false, findings };
  }

  if (!isRecord(value)) {
    findings.push(
      finding('sep-2640-capability-empty-object', `The skills capability must be an object ({} for no settings); found ${previewJson(value) ?? 'undefined'}.`, loc, {
        expected: '{} or {"directoryRead": true}',
        actual: previewJson(value) ?? 'undefined',
      }),
    );
    // Read it as declared anyway, so the listing can still be inspected.
    return { declared: true, directoryRead: false, location, findings };
  }

  let settings = value;
  const envelopeKeys = ['config', 'specVersion', 'stability', 'id'].filter((k) => Object.hasOwn(value, k));
  if (envelopeKeys.length > 0) {
    findings.push(
      finding('sep-2640-capability-declaration-inline', `The skills capability wraps its settings in an envelope (${envelopeKeys.join(', ')}); settings must sit inline, e.g. {"directoryRead": true}.`, loc, {
        expected: '{"directoryRead": true}',
        actual: previewJson(value) ?? '',
      }),
    );
    findings.push(finding('legacy-capability-envelope', 'A {config: …} envelope was emitted by early SDKs; it was reversed in favour of inline settings.', loc));
    if (isRecord(value['config'])) settings = value['config'];
  }

  const flag = settings['directoryRead'];
  if (flag !== undefined && typeof flag !== 'boolean') {
    findings.push(finding('sep-2640-capability-directory-read-flag', `directoryRead must be a boolean; found ${previewJson(flag, 80)}.`, { ...loc, field: `${loc.field}.directoryRead` }, { expected: 'true or false', actual: previewJson(flag, 80) ?? '' }));
  }
  if (!isRecord(capabilities?.['resources'])) {
    findings.push(finding('sep-2640-capability-requires-resources', 'A server that declares the skills extension must also declare the resources capability.', { serverId, field: 'capabilities.resources' }, { expected: 'capabilities.resources present', actual: 'absent' }));
  }
  return { declared: true, directoryRead: flag === true, location, findings };
}

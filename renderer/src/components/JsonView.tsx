// Pretty JSON with a copy button: the evidence behind a summary.
import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { InvisibleText } from './InvisibleText.js';

export function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

export function CopyIcon({ value, label = 'Copy' }: { value: string; label?: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : label} withArrow>
          <ActionIcon variant="subtle" color={copied ? 'green' : 'gray'} size="sm" onClick={copy} aria-label={label}>
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

export function JsonView({ value, text, maxHeight }: { value?: unknown; text?: string; maxHeight?: number }) {
  const json = text ?? prettyJson(value);
  return (
    <div className="json-view" style={maxHeight ? { maxHeight, overflow: 'auto' } : undefined}>
      <div className="json-view-copy">
        <CopyIcon value={json} label="Copy JSON" />
      </div>
      {/* JSON.stringify leaves U+202E and its kind as they are: drawn as marks; Copy JSON copies the text exactly. */}
      <pre className="mono" data-json-view>
        <InvisibleText text={json} />
      </pre>
    </div>
  );
}

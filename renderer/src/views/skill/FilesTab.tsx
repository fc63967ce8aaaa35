// The skill's files: a tree of its resources (plus what the server's
// directory listing shows, marked "not part of the skill"), and the chosen
// file read on demand with its size, digest and verification result.
import { Badge, Group, Loader, Stack, Text, Tooltip, Tree, getTreeExpandedState, useTree } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFile, IconFolder, IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo, type KeyboardEvent } from 'react';
import type { SkillEntry, SkillTreeNode } from '../../../../shared/model.js';
import { isLocalOriginId } from '../../../../shared/review-model.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { FileCheckIcon } from '../../components/FileCheck.js';
import { skillKey } from '../../state/catalog.js';
import { useSelection } from '../../state/selection.js';
import { useSkillDetails } from '../../state/skill-details.js';
import { buildFileTree, OUTSIDE_GROUP } from './file-tree.js';
import { FileView } from './FileView.js';
import { ReadRestNotice } from './ReadRestNotice.js';
import { useVerify } from '../../state/verify.js';

export function FilesTab({ entry }: { entry: SkillEntry }) {
  const key = skillKey(entry.serverId, entry.uri);
  const treeLoad = useSkillDetails((s) => s.trees.get(key));
  const fileUri = useSelection((s) => s.fileUri) ?? entry.uri;
  const openFile = useSelection((s) => s.openFile);
  useEffect(() => {
    // A local skill's files are what its folder scan found: its resources are the whole tree.
    if (!isLocalOriginId(entry.serverId)) void useSkillDetails.getState().loadTree(entry.serverId, entry.uri);
  }, [entry.serverId, entry.uri]);

  // Until the tree arrives (or if it fails), the listed resources are the tree.
  const nodes: readonly SkillTreeNode[] = useMemo(() => {
    if (treeLoad?.state === 'loaded') return treeLoad.value;
    const resources = Array.isArray(entry.resources) ? entry.resources : [{ uri: entry.uri, size: -1, digest: '' }];
    return resources.map((r) => ({ uri: r.uri, path: r.uri.slice(entry.uri.length - 'SKILL.md'.length), kind: 'file' as const, listed: true, ...(r.size >= 0 ? { size: r.size } : {}), ...(r.digest ? { digest: r.digest } : {}) }));
  }, [treeLoad, entry.resources, entry.uri]);
  const { data, files } = useMemo(() => buildFileTree(nodes, entry.uri), [nodes, entry.uri]);
  const tree = useTree({ initialExpandedState: getTreeExpandedState(data, '*') });
  const { setExpandedState } = tree;
  useEffect(() => {
    // New folders (from the directory walk) open, so nothing is hidden by default.
    setExpandedState(getTreeExpandedState(data, '*'));
  }, [data, setExpandedState]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    const value = (event.target as HTMLElement).dataset['value'];
    if (value && files.has(value)) openFile(value, 'files');
  };
  const unlistedCount = nodes.filter((n) => !n.listed && n.kind === 'file').length;
  const verifying = useVerify((s) => s.verifying.has(key));

  return (
    <div className="files-layout">
      <Stack gap={4} className="files-tree" p="xs">
        <Group justify="space-between" gap={4}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            Files
          </Text>
          {treeLoad?.state === 'loading' ? <Loader size={12} /> : null}
        </Group>
        {entry.resources === 'dynamic' ? (
          <Text size="xs" c="yellow">
            This skill is dynamic: the server lists no files, so only SKILL.md is known.
          </Text>
        ) : null}
        {isLocalOriginId(entry.serverId) ? null : <ReadRestNotice entry={entry} busy={verifying} onRead={() => void useVerify.getState().verifySkill(entry.serverId, entry.uri, { inspect: true })} />}
        {treeLoad?.state === 'error' ? <ErrorNotice title="The file tree could not be listed" message={treeLoad.message} onRetry={() => void useSkillDetails.getState().loadTree(entry.serverId, entry.uri)} /> : null}
        <div onKeyDown={onKeyDown}>
          <Tree
            data={data}
            tree={tree}
            levelOffset={14}
            selectOnClick={false}
            aria-label="Files of this skill"
            renderNode={({ node, expanded, hasChildren, elementProps }) => {
              const file = files.get(node.value);
              const selected = file?.uri === fileUri;
              return (
                <Group
                  gap={4}
                  wrap="nowrap"
                  {...elementProps}
                  data-selected={selected || undefined}
                  data-file-node={file ? file.path : undefined}
                  data-listed={file ? String(file.listed) : undefined}
                  onClick={(event) => {
                    elementProps.onClick(event);
                    if (file) openFile(file.uri, 'files');
                  }}
                  className={`${elementProps.className} file-node`}
                >
                  {hasChildren ? expanded ? <IconChevronDown size={12} /> : <IconChevronRight size={12} /> : <span style={{ width: 12 }} />}
                  {hasChildren ? node.value === OUTSIDE_GROUP ? <IconAlertTriangle size={14} color="var(--mantine-color-red-6)" /> : <IconFolder size={14} /> : <IconFile size={14} />}
                  <Text size="xs" truncate style={{ minWidth: 0, flex: 1 }} className={file ? 'mono' : undefined}>
                    {node.label}
                  </Text>
                  {file && !file.listed ? (
                    <Tooltip label="The server's directory listing shows this file, but the skill's resources do not list it. It is not part of the skill and is not read." multiline w={260} withArrow>
                      <Badge size="xs" color="gray" variant="outline" style={{ flex: '0 0 auto' }}>
                        not in skill
                      </Badge>
                    </Tooltip>
                  ) : null}
                  {file?.listed ? <FileCheckIcon check={entry.files[file.uri] ?? { state: 'unread' }} /> : null}
                </Group>
              );
            }}
          />
        </div>
        {unlistedCount > 0 ? (
          <Text size="xs" c="dimmed">
            {unlistedCount} file{unlistedCount === 1 ? '' : 's'} shown by the server but not part of the skill.
          </Text>
        ) : null}
      </Stack>
      <div className="files-view">
        <FileView entry={entry} fileUri={fileUri} node={files.get(fileUri)} />
      </div>
    </div>
  );
}

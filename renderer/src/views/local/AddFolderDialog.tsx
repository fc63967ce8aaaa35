// Adds a local skills folder by its path: a folder of skill folders, or a
// project whose .claude/skills, .agents/skills, … agents read. The app only
// ever reads it.
import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api.js';
import { ErrorNotice } from '../../components/ErrorNotice.js';
import { useLocalOrigins } from '../../state/local-origins.js';
import { useSelection } from '../../state/selection.js';
import { useServers } from '../../state/servers.js';
import { useLocalDialogs } from './local-dialogs.js';

export function AddFolderDialog() {
  const close = useLocalDialogs((s) => s.close);
  const [path, setPath] = useState('');
  const [as, setAs] = useState<'skills' | 'project'>('skills');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const trimmed = path.trim();

  const add = async () => {
    if (!trimmed) {
      setError('Type the full path of a folder.');
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      const origins = await useLocalOrigins.getState().add(trimmed, as);
      // Show what was added: the folder itself, or the project's first folder that holds skills.
      const added = origins.filter((o) => o.addedByUser && (o.path === trimmed || o.path.startsWith(`${trimmed.replace(/[\\/]+$/, '')}/`) || o.path.startsWith(`${trimmed.replace(/[\\/]+$/, '')}\\`)));
      const shown = added.find((o) => o.skillCount > 0) ?? added[0];
      if (shown) {
        useServers.getState().select(shown.id);
        useSelection.getState().showCatalog();
      }
      close();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={close} title="Add a local skills folder" size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <Stack gap="sm">
          <Text size="sm">The app reads the folder's skills and reviews them. It never changes, moves or deletes anything in it.</Text>
          <TextInput
            label="Folder"
            description="Its full path, e.g. /home/you/work/my-skills"
            placeholder="/path/to/folder"
            value={path}
            onChange={(e) => setPath(e.currentTarget.value)}
            classNames={{ input: 'mono' }}
            data-autofocus
            data-field="local-folder-path"
          />
          <Radio.Group label="What is it?" value={as} onChange={(v) => setAs(v === 'project' ? 'project' : 'skills')}>
            <Stack gap={6} mt={4}>
              <Radio value="skills" label="A folder of skills" description="Each skill is a folder with a SKILL.md in it." data-folder-as="skills" />
              <Radio value="project" label="A project" description="Its .claude/skills, .agents/skills, .gemini/skills, .goose/skills and .github/skills are read, as agents working in it would." data-folder-as="project" />
            </Stack>
          </Radio.Group>
          {error ? <ErrorNotice title="The folder could not be added" message={error} /> : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} data-action="add-local-folder">
              Add folder
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

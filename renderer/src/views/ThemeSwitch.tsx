// Light or dark, from the header and from Settings as well as the palette:
// all three change Mantine's colour scheme (kept in this window's storage),
// so they always agree.
import { ActionIcon, SegmentedControl, Stack, Text, Tooltip, useComputedColorScheme, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** The header's one-click switch between light and dark. */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  const label = `Use ${next} theme`;
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" aria-label={label} onClick={() => setColorScheme(next)} data-action="toggle-theme" data-theme={scheme}>
        {scheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}

const CHOICES: { value: MantineColorScheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Follow the system' },
];

/** Settings' choice of theme, including following the system; applies at once. */
export function ThemeChoice() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="theme-choice-label">
        Theme
      </Text>
      <SegmentedControl
        size="xs"
        value={colorScheme}
        onChange={(value) => setColorScheme(value as MantineColorScheme)}
        data={CHOICES}
        aria-labelledby="theme-choice-label"
        data-setting="theme"
      />
    </Stack>
  );
}

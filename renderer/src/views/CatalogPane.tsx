// The catalog, middle: the chosen server's skills (or all), searchable and
// filterable, in a virtualized list that stays quick at 10,000 skills.
// Arrow keys move, Enter opens, `/` jumps to the search box.
import { Button, Group, Loader, Stack } from '@mantine/core';
import { IconFilterOff, IconPlugConnected, IconServer2 } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ServerView, SkillEntry } from '../../../shared/model.js';
import { DiagnosticNotice } from '../components/ErrorNotice.js';
import { SignInAction } from './SignInAction.js';
import { Empty } from '../components/Empty.js';
import { listKeyHandler } from '../components/list-keys.js';
import { skillKey, useCatalog } from '../state/catalog.js';
import { filterCounts, filterSkills, sortedSkills } from '../state/catalog-list.js';
import { useDialogs } from '../state/dialogs.js';
import { originById, useLocalOrigins } from '../state/local-origins.js';
import { useSelection } from '../state/selection.js';
import { useChangeReviewsRunning } from '../state/use-shown-verdict.js';
import { ALL_SERVERS, serverById, useServers } from '../state/servers.js';
import { CatalogControls } from './CatalogControls.js';
import { CatalogHeader } from './CatalogHeader.js';
import { LocalCatalogEmpty } from './local/LocalCatalogEmpty.js';
import { LocalCatalogHeader } from './local/LocalCatalogHeader.js';
import { useOriginLabels } from './local/origin-labels.js';
import { badgeLines } from './badge-lines.js';
import { nameLines } from './row-height.js';
import { SKILL_ROW_HEIGHT, SkillRow, skillRowHeight } from './SkillRow.js';
import { serverActions } from './server-actions.js';
import { shownName } from '../components/shown-text.js';

export { SEARCH_INPUT_ID } from './CatalogControls.js';
/** Three lines: the name alone on the first, so it is never squeezed by the badges or the origin (see SkillRow); a long name takes more. */
const ROW_HEIGHT = SKILL_ROW_HEIGHT;
/** A row's padding left and right (app.css .skill-row). */
const ROW_PADDING_X = 20;

export function CatalogPane() {
  const skills = useCatalog((s) => s.skills);
  const listing = useCatalog((s) => s.listing);
  const query = useCatalog((s) => s.query);
  const filters = useCatalog((s) => s.filters);
  const verdict = useCatalog((s) => s.verdict);
  const sort = useCatalog((s) => s.sort);
  const clearFilters = useCatalog((s) => s.clearFilters);
  const serverId = useServers((s) => s.selectedServerId);
  const servers = useServers((s) => s.servers);
  const selectedKey = useSelection((s) => s.skillKey);
  const openSkill = useSelection((s) => s.openSkill);

  // The sort by verdict, the verdict filter and its counts go by the verdict each row shows, Reviewing… included.
  const running = useChangeReviewsRunning();
  // Filtered at once, not on a deferred query: the filter pass over 10,000 skills takes ~2 ms and rows that
  // stay are not rendered again, so one render per keystroke paints sooner than an urgent and a deferred one
  // (the bench's UI step measures it).
  const sorted = useMemo(() => sortedSkills(skills, serverId, sort, running), [skills, serverId, sort, running]);
  const rows = useMemo(() => filterSkills(sorted, query, filters, verdict, running), [sorted, query, filters, verdict, running]);
  const counts = useMemo(() => filterCounts(sorted, running), [sorted, running]);
  // With every origin shown, each row carries its origin's label: two skills of one name never look the same.
  const labels = useOriginLabels();
  const server = serverById(servers, serverId === ALL_SERVERS ? undefined : serverId);
  const localOrigin = useLocalOrigins((s) => originById(s.origins, serverId));

  const parent = useRef<HTMLDivElement>(null);
  // The width a name has, so a long one gets the lines it needs (row-height.ts).
  const [nameWidth, setNameWidth] = useState(0);
  useEffect(() => {
    const list = parent.current;
    if (!list) return;
    const update = () => setNameWidth(Math.max(0, list.clientWidth - ROW_PADDING_X));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(list);
    return () => observer.disconnect();
  }, []);
  // When every name of the list fits one line (found once per list and width), every row has one height: the
  // virtualizer, which sizes each row at every keystroke, then asks nothing per row, and the keys need not change.
  // Badges wrap alike: a row whose badges do not fit one line gets a second (badge-lines.ts).
  const oneLine = useMemo(() => sorted.every((e) => nameLines(e, nameWidth) === 1 && badgeLines(e, nameWidth) === 1), [sorted, nameWidth]);
  const estimateSize = useCallback((i: number) => (oneLine ? ROW_HEIGHT : rows[i] ? skillRowHeight(nameLines(rows[i], nameWidth), badgeLines(rows[i], nameWidth)) : ROW_HEIGHT), [oneLine, rows, nameWidth]);
  // A new key function whenever row heights may have moved (other rows, another width): the virtualizer then sizes every row again.
  const getItemKey = useCallback((i: number) => i, [oneLine ? undefined : rows, nameWidth]); // eslint-disable-line react-hooks/exhaustive-deps
  // A few rows beyond the visible ones: each keystroke that changes the list mounts every one of them.
  const virtual = useVirtualizer({ count: rows.length, getScrollElement: () => parent.current, estimateSize, getItemKey, overscan: 4 });
  // The keyboard cursor, by key so it survives the list changing under it; it starts at the open skill.
  const [activeKey, setActiveKey] = useState<string>();
  const activeIndex = useMemo(() => indexOfKey(rows, activeKey ?? selectedKey), [rows, activeKey, selectedKey]);
  const setActive = (i: number) => {
    const entry = rows[i];
    setActiveKey(entry ? skillKey(entry.serverId, entry.uri) : undefined);
  };

  const open = (entry: SkillEntry) => openSkill(skillKey(entry.serverId, entry.uri));
  // One function for every row: with it, a row whose entry and place did not change skips rendering.
  const openRow = useCallback(
    (entry: SkillEntry) => {
      const key = skillKey(entry.serverId, entry.uri);
      setActiveKey(key);
      openSkill(key);
    },
    [openSkill],
  );
  const onKeyDown = listKeyHandler({
    count: rows.length,
    index: activeIndex,
    pageSize: Math.max(1, Math.floor((parent.current?.clientHeight ?? 580) / ROW_HEIGHT)),
    onMove: (i) => {
      setActive(i);
      virtual.scrollToIndex(i);
    },
    onEnter: (i) => open(rows[i]!),
  });
  const streaming = serverId === ALL_SERVERS ? listing.size > 0 : listing.has(serverId);
  const activeEntry = activeIndex >= 0 ? rows[activeIndex] : undefined;

  return (
    <Stack gap={0} style={{ flex: 1, minHeight: 0 }}>
      {localOrigin ? <LocalCatalogHeader origin={localOrigin} /> : <CatalogHeader server={server} />}
      <CatalogControls
        counts={counts}
        shown={rows.length}
        total={sorted.length}
        streaming={streaming}
        onArrowDown={() => {
          setActive(0);
          parent.current?.focus();
        }}
      />
      <div
        ref={parent}
        style={{ flex: 1, overflow: 'auto', minHeight: 0 }}
        // A list only when it has rows: the empty state's words and buttons (Connect, Clear search) are no options of a listbox.
        role={rows.length > 0 ? 'listbox' : undefined}
        aria-label={rows.length > 0 ? 'Skills' : undefined}
        tabIndex={rows.length > 0 ? 0 : undefined}
        onKeyDown={onKeyDown}
        aria-activedescendant={activeEntry ? rowId(activeIndex) : undefined}
        className="skill-list"
      >
        {rows.length === 0 ? (
          localOrigin && sorted.length === 0 ? <LocalCatalogEmpty origin={localOrigin} /> : <CatalogEmpty server={server} hasSkills={sorted.length > 0} onClear={clearFilters} streaming={streaming} />
        ) : (
          <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
            {virtual.getVirtualItems().map((item) => {
              const entry = rows[item.index]!;
              const key = skillKey(entry.serverId, entry.uri);
              // Keyed by place: a keystroke that puts other skills on screen updates the rows there instead of
              // unmounting them and mounting new ones, which cost most of a keystroke at 10,000 skills.
              return (
                <SkillRow
                  key={item.index}
                  id={rowId(item.index)}
                  entry={entry}
                  selected={key === selectedKey}
                  active={item.index === activeIndex}
                  serverLabel={serverId === ALL_SERVERS ? labels.get(entry.serverId) : undefined}
                  nameLines={nameLines(entry, nameWidth)}
                  badgeLines={badgeLines(entry, nameWidth)}
                  onOpen={openRow}
                  top={item.start}
                  height={item.size}
                />
              );
            })}
          </div>
        )}
      </div>
    </Stack>
  );
}

const rowId = (index: number) => `skill-row-${index}`;

/** Where the skill of a key is in the rows, or -1; compared by parts, so a keystroke builds no key per row. */
function indexOfKey(rows: readonly SkillEntry[], key: string | undefined): number {
  if (!key) return -1;
  const cut = key.indexOf('\n');
  const serverId = key.slice(0, cut);
  const uri = key.slice(cut + 1);
  return rows.findIndex((e) => e.uri === uri && e.serverId === serverId);
}

function CatalogEmpty({ server, hasSkills, onClear, streaming }: { server: ServerView | undefined; hasSkills: boolean; onClear: () => void; streaming: boolean }) {
  const openDialog = useDialogs((s) => s.open);
  const serverCount = useServers((s) => s.servers.length);
  if (hasSkills) {
    return (
      <Empty icon={<IconFilterOff size={28} />} title="No skill matches" actions={<Button size="xs" variant="default" onClick={onClear}>Clear search and filters</Button>}>
        Nothing here matches the search and filters. Clear them to see every skill.
      </Empty>
    );
  }
  if (streaming) {
    return (
      <Empty icon={<Loader size="sm" />} title="Listing skills…">
        The server is sending its skills page by page.
      </Empty>
    );
  }
  if (!server) {
    if (serverCount === 0) {
      return (
        <Empty icon={<IconServer2 size={28} />} title="No servers" actions={<Button size="xs" onClick={() => openDialog({ kind: 'server-form' })}>Add a server</Button>}>
          Skills come from MCP servers. Add one, or import the servers from Claude Desktop, Cursor or VS Code.
        </Empty>
      );
    }
    return (
      <Empty icon={<IconPlugConnected size={28} />} title="No skills yet">
        Connect a server on the left to list its skills. Connecting lists them; no file is read until you open one.
      </Empty>
    );
  }
  const id = server.config.id;
  const status = server.connection.status;
  if (status === 'failed' && server.connection.error) {
    return (
      <Stack p="sm">
        <DiagnosticNotice
          heading="Could not connect"
          diagnostic={server.connection.error}
          actions={
            <>
              <SignInAction server={server} />
              <Button size="xs" variant="light" color="red" onClick={() => serverActions.connect(id)}>
                Try again
              </Button>
              <Button size="xs" variant="default" onClick={() => serverActions.edit(id)}>
                Edit server
              </Button>
              <Button size="xs" variant="default" onClick={() => serverActions.log(id)}>
                Protocol log
              </Button>
            </>
          }
        />
      </Stack>
    );
  }
  if (status !== 'connected') {
    return (
      <Empty
        icon={<IconPlugConnected size={28} />}
        title={status === 'connecting' ? 'Connecting…' : 'Not connected'}
        actions={status === 'connecting' ? <Loader size="sm" /> : <Button size="xs" onClick={() => serverActions.connect(id)}>Connect</Button>}
      >
        {status === 'connecting' ? `Starting "${shownName(server.config.label)}" and asking which skills it serves.` : `Connect "${shownName(server.config.label)}" to list its skills.`}
      </Empty>
    );
  }
  // No skills and an error about the server: the listing failed (no answer, a malformed one), which is not "lists none".
  const listingFailed = server.worstSeverity === 'error';
  return (
    <Empty
      icon={<IconServer2 size={28} />}
      title={listingFailed ? 'The skill listing failed' : 'This server lists no skills'}
      actions={
        <Group gap={6}>
          <Button size="xs" variant="default" onClick={() => serverActions.loadByUri(id)}>
            Load a skill by URI
          </Button>
          <Button size="xs" variant="default" onClick={() => serverActions.overview(id)}>
            Server overview
          </Button>
        </Group>
      }
    >
      {listingFailed
        ? 'The server did not give a usable answer to skills/list. The server overview says what went wrong.'
        : 'It may not serve skills, or it serves them only by URI. The server overview shows what it declared.'}
    </Empty>
  );
}

// @vitest-environment jsdom
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import i18n from 'i18next';
import { EditorToolbar } from '../toolbar/EditorToolbar';
import { COMMANDS, commandById, runCommand } from './commandTable';
import { fakeContext } from './commandFixture';
import { ShortcutsPanel } from './ShortcutsPanel';
import { shortcutRows } from './shortcutRows';
import { keysText } from './keys';
import { handleKey } from './useCommandKeys';

// "More" collapsed to the full and open, so that it shows every part the bar can move into it.
const bar = vi.hoisted(() => ({ collapsed: 0 }));
vi.mock('../toolbar/useCollapsed', () => ({ useCollapsed: () => bar.collapsed }));
vi.mock('../toolbar/usePopover', async (importOriginal) => {
  const real = await importOriginal<typeof import('../toolbar/usePopover')>();
  return { ...real, usePopover: () => ({ ...real.usePopover(), open: true }) };
});

initI18n();
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let mounted: { root: Root; host: HTMLElement } | null = null;
afterEach(() => {
  if (!mounted) return;
  const { root, host } = mounted;
  act(() => {
    root.unmount();
  });
  host.remove();
  mounted = null;
});

/** Renders into the document and answers the markup. */
function renderToStaticMarkup(node: ReactNode): string {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => {
    root.render(node);
  });
  mounted = { root, host };
  return host.innerHTML;
}

const commandsIn = (html: string) => [...html.matchAll(/data-command="(\w+)"/g)].map((m) => m[1]);
const toolbar = (canEdit: boolean) =>
  renderToStaticMarkup(
    <EditorToolbar
      mapName="Map"
      commands={fakeContext({ canEdit }).context}
      levels={3}
      self={null}
      others={[]}
      onShape={() => undefined}
    />,
  );
const barIds = (canEdit: boolean) => COMMANDS.filter((c) => c.bar && (canEdit || !c.edits)).map((c) => c.id);

describe('the toolbar', () => {
  it('shows exactly the table’s bar commands, in its order', () => {
    bar.collapsed = 0;
    expect(commandsIn(toolbar(true))).toEqual(barIds(true));
  });

  it('leaves out the editing commands in a read-only editor', () => {
    bar.collapsed = 0;
    expect(commandsIn(toolbar(false))).toEqual(barIds(false));
    expect(commandsIn(toolbar(false))).not.toContain('undo');
  });

  it('moves the table’s commands into “More”, and only them', () => {
    bar.collapsed = 5;
    const html = toolbar(true);
    const more = html.slice(html.indexOf('data-testid="toolbar-more-panel"'));
    const tools = COMMANDS.filter((c) => c.bar?.group === 'tools').map((c) => c.id);
    expect(commandsIn(more).sort()).toEqual(
      barIds(true)
        .filter((id) => !tools.includes(id))
        .sort(),
    );
    // Nothing is shown twice: the tools stay in the bar, the rest is only in "More".
    expect(commandsIn(html).sort()).toEqual(barIds(true).sort());
  });

  it('says why a command cannot run, in the button’s description', () => {
    bar.collapsed = 0;
    const html = toolbar(true);
    const undo = /<button[^>]*data-command="clone"[^>]*>/.exec(html)?.[0] ?? '';
    expect(undo).toContain('aria-disabled="true"');
    const described = /aria-describedby="([^"]+)"/.exec(undo)?.[1] ?? '';
    expect(html).toContain(`id="${described}" role="tooltip"`);
    expect(html).toContain(i18n.t('editor.commands.unavailable.clone'));
  });
});

describe('the shortcut help', () => {
  it('lists every command with keys, and no other command', () => {
    const html = renderToStaticMarkup(<ShortcutsPanel onClose={() => undefined} />);
    const withKeys = COMMANDS.filter((c) => keysText(c.keys, i18n.t) !== '').map((c) => c.id);
    expect(commandsIn(html).sort()).toEqual(withKeys.sort());
    expect(withKeys).toContain('undo');
    expect(withKeys).not.toContain('minimap');
  });

  it('writes the keys in the interface’s language', async () => {
    await i18n.changeLanguage('de');
    const undo = shortcutRows(i18n.t).find((r) => r.command === 'undo');
    expect(undo?.keys).toEqual(['Strg/⌘ + Z']);
    await i18n.changeLanguage('en');
    expect(shortcutRows(i18n.t).find((r) => r.command === 'redo')?.keys).toEqual(['Ctrl/⌘ + Shift + Z']);
    expect(shortcutRows(i18n.t).find((r) => r.command === 'zoomActualSize')?.keys).toEqual(['Shift + 0', 'Ctrl/⌘ + 0']);
  });
});

describe('the key handler', () => {
  const press = (key: string, more: Partial<Parameters<typeof handleKey>[0]> = {}) => ({
    key,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    typing: false,
    ...more,
  });

  it('runs the command of the key', () => {
    const { context, store, controller } = fakeContext();
    expect(handleKey(press('z', { ctrlKey: true }), context)?.command.id).toBe('undo');
    expect(store.undo).toHaveBeenCalledOnce();
    handleKey(press('Escape'), context);
    expect(controller.escape).toHaveBeenCalledOnce();
    expect(context.show).toHaveBeenCalledWith('help', false);
  });

  it('does not run a command that cannot run now, but still keeps the browser’s meaning off', () => {
    const { context, store } = fakeContext({ canUndo: false });
    expect(handleKey(press('z', { ctrlKey: true }), context)?.preventDefault).toBe(true);
    expect(store.undo).not.toHaveBeenCalled();
    const nothing = fakeContext({ canDelete: false });
    handleKey(press('Delete'), nothing.context);
    expect(nothing.context.requestDelete).not.toHaveBeenCalled();
    const some = fakeContext({ canDelete: true });
    handleKey(press('Delete'), some.context);
    expect(some.context.requestDelete).toHaveBeenCalledOnce();
  });

  it('runs no editing command in a read-only editor', () => {
    const { context, store } = fakeContext({ canEdit: false, canDelete: true });
    handleKey(press('z', { ctrlKey: true }), context);
    handleKey(press('Delete'), context);
    handleKey(press('n'), context);
    expect(store.undo).not.toHaveBeenCalled();
    expect(context.requestDelete).not.toHaveBeenCalled();
    expect(context.chooseTool).not.toHaveBeenCalled();
  });
});

describe('running a command by id', () => {
  it('runs it when it can run and says so', () => {
    const { context } = fakeContext();
    expect(runCommand('toolConnect', context)).toBe(true);
    expect(context.chooseTool).toHaveBeenCalledWith('connect');
    expect(runCommand('clone', context)).toBe(false);
    expect(context.clone).not.toHaveBeenCalled();
  });

  it('finds every command of the table by its id', () => {
    for (const c of COMMANDS) expect(commandById(c.id as Parameters<typeof commandById>[0])).toBe(c);
    expect(new Set(COMMANDS.map((c) => c.id)).size).toBe(COMMANDS.length);
  });
});

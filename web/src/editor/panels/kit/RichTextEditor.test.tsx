// @vitest-environment jsdom
import type { Editor } from '@tiptap/react';
import { find } from 'linkifyjs';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n';
import RichTextEditor, { type Citable } from './RichTextEditor';

// linkifyjs keeps the console.warn it found when loaded: the warnings are caught from before then.
const warnings = vi.hoisted(() => {
  const seen: string[] = [];
  console.warn = (...args: unknown[]) => {
    seen.push(args.map(String).join(' '));
  };
  return seen;
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
initI18n();
// ProseMirror measures the selection to scroll it into view; jsdom has no layout.
Range.prototype.getBoundingClientRect = () => new DOMRect();
Range.prototype.getClientRects = () => Object.assign([], { item: () => null });
document.elementFromPoint = () => null;
// jsdom has no clipboard events; ProseMirror's pasteHTML makes one to hand to the paste handlers.
(globalThis as { ClipboardEvent?: unknown }).ClipboardEvent ??= class extends Event {
  readonly clipboardData = null;
};

let host: HTMLDivElement;
let root: Root;
const onChange = vi.fn();

function show(value: string, references?: readonly Citable[]) {
  act(() => {
    root.render(
      <RichTextEditor value={value} onChange={onChange} disabled={false} label="Content" testId="text" references={references} />,
    );
  });
}

const box = () => host.querySelector<HTMLElement>('[data-testid="text"]');
const editorOf = () => (box() as unknown as { editor: Editor }).editor;
const tool = (id: string) => host.querySelector<HTMLButtonElement>(`[data-testid="text-tool-${id}"]`);

beforeEach(() => {
  onChange.mockReset();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => {
    root.unmount();
  });
  host.remove();
  vi.restoreAllMocks();
});

describe('the rich-text box', () => {
  it('starts without linkify warnings, however many boxes a form opens', async () => {
    find('https://example.org'); // linkify has started, as it has once any box autolinked
    warnings.length = 0;
    show('<p>One</p>');
    await created();
    act(() => {
      root.unmount();
    });
    root = createRoot(host);
    show('<p>Two</p>');
    await created();
    expect(warnings.filter((w) => w.includes('linkifyjs'))).toEqual([]);
  });

  it('names each tool by its name, its mark left out of the name', () => {
    show('<p>Text</p>');
    const buttons = [...host.querySelectorAll<HTMLButtonElement>('[role="toolbar"] button')];
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toContain('Numbered list');
    for (const b of buttons) {
      const name = b.getAttribute('aria-label') ?? '';
      expect(name).not.toBe('');
      // Label in name (WCAG 2.5.3): no visible text the name does not hold.
      const visible = [...b.childNodes].filter((n) => !(n instanceof HTMLElement && n.getAttribute('aria-hidden') === 'true'));
      expect(visible.map((n) => n.textContent).join('')).toBe('');
    }
  });

  it('sets a link with where it opens', () => {
    show('<p>Read more</p>');
    act(() => {
      editorOf().commands.selectAll();
    });
    act(() => {
      tool('link')?.click();
    });
    const url = host.querySelector<HTMLInputElement>('[data-testid="text-link-url"]');
    const target = host.querySelector<HTMLSelectElement>('[data-testid="text-link-target"]');
    if (!url || !target) throw new Error('no link form');
    act(() => {
      setValue(url, 'javascript:alert(1)');
    });
    act(() => {
      host.querySelector<HTMLButtonElement>('[data-testid="text-link-apply"]')?.click();
    });
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('http(s)');
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      setValue(url, 'https://example.org/more');
      setValue(target, 'same_window');
    });
    act(() => {
      host.querySelector<HTMLButtonElement>('[data-testid="text-link-apply"]')?.click();
    });
    expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('<a target="_self"'));
    expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('href="https://example.org/more"'));
  });

  it('cites a reference of the map as #ref-key', () => {
    show('<p>Claim</p>', [
      { key: 'smith2020', source: 'Smith, Maps (2020)' },
      { key: 'doe', source: 'Doe, Atlas' },
    ]);
    act(() => {
      editorOf().commands.focus('end');
    });
    act(() => {
      tool('cite')?.click();
    });
    const search = host.querySelector<HTMLInputElement>('[data-testid="text-cite-search"]');
    if (!search) throw new Error('no citation picker');
    act(() => {
      setValue(search, 'smith');
    });
    const choices = [...host.querySelectorAll<HTMLButtonElement>('[data-testid="text-cite"] li button')];
    expect(choices.map((c) => c.textContent)).toEqual(['smith2020 · Smith, Maps (2020)']);
    act(() => {
      choices[0]?.click();
    });
    expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('href="#ref-smith2020"'));
    expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('[smith2020]</a>'));
  });

  it('cites after a link without changing the link', () => {
    show('<p><a href="https://example.org/read">Read</a></p>', [{ key: 'doe', source: 'Doe, Atlas' }]);
    act(() => {
      editorOf().commands.focus('end');
    });
    act(() => {
      tool('cite')?.click();
    });
    act(() => {
      host.querySelector<HTMLButtonElement>('[data-testid="text-cite"] li button')?.click();
    });
    const html = String(onChange.mock.lastCall?.[0]);
    expect(html).toContain('href="https://example.org/read"');
    expect(html).toContain('>Read</a>');
    expect(html).toContain('href="#ref-doe"');
    expect(html).toContain('>[doe]</a>');
  });

  it('offers no citation without the map’s references', () => {
    show('<p>Text</p>');
    expect(tool('cite')).toBeNull();
  });

  it('tells when a pasted picture or frame is left out', () => {
    show('<p>Text</p>');
    expect(host.querySelector('[data-testid="text-left-out"]')).toBeNull();
    act(() => {
      editorOf().view.pasteHTML('<p>Caption</p><img src="https://example.org/a.png"><iframe src="https://example.org"></iframe>');
    });
    expect(host.querySelector('[data-testid="text-left-out"]')?.textContent).toContain('Pictures and embedded frames');
    expect(onChange).toHaveBeenLastCalledWith(expect.not.stringContaining('<img'));
  });
});

/** Tiptap tells its extensions the editor is created a moment after it is. */
async function created() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

/** Sets a form control's value as typing does (React listens to the native setter's event). */
function setValue(el: HTMLInputElement | HTMLSelectElement, value: string) {
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

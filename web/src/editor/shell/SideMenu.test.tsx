// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { SideMenu } from './SideMenu';

initI18n();
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
const onChoose = vi.fn();

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => {
    root.render(<SideMenu role="student" canEdit open={null} sectionLocks={new Map()} onChoose={onChoose} />);
  });
});

afterEach(() => {
  act(() => {
    root.unmount();
  });
  host.remove();
  onChoose.mockReset();
});

const option = (id: string) => host.querySelector<HTMLButtonElement>(`[data-testid="menu-${id}"]`);

describe('an option the user cannot open', () => {
  it('stays focusable and names why as its description', () => {
    const toc = option('tableOfContents');
    expect(toc?.disabled).toBe(false);
    expect(toc?.getAttribute('aria-disabled')).toBe('true');
    const tip = document.getElementById(toc?.getAttribute('aria-describedby') ?? '');
    expect(tip?.getAttribute('role')).toBe('tooltip');
    expect(tip?.textContent).toBe('Needs the Editor role');
  });

  it('shows its reason when focused, and hides it on blur', () => {
    const toc = option('tableOfContents');
    const tip = document.getElementById(toc?.getAttribute('aria-describedby') ?? '');
    expect(tip?.hidden).toBe(true);
    act(() => {
      toc?.focus();
    });
    expect(tip?.hidden).toBe(false);
    act(() => {
      toc?.blur();
    });
    expect(tip?.hidden).toBe(true);
  });

  it('does nothing when chosen', () => {
    act(() => {
      option('tableOfContents')?.click();
    });
    expect(onChoose).not.toHaveBeenCalled();
    act(() => {
      option('layers')?.click();
    });
    expect(onChoose).toHaveBeenCalledWith('layers');
    expect(option('layers')?.hasAttribute('aria-describedby')).toBe(false);
  });
});

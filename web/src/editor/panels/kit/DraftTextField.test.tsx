// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n';
import { DraftTextField } from './fields';
import { UnsendableDrafts } from './unsendableDrafts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
initI18n();

let host: HTMLDivElement;
let root: Root;
const onCommit = vi.fn();
const report = vi.fn();

beforeEach(() => {
  onCommit.mockReset();
  report.mockReset();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  act(() => {
    root.render(
      <UnsendableDrafts.Provider value={report}>
        <DraftTextField label="Title" value="old" onCommit={onCommit} readOnly={false} max={5} testId="title" />
      </UnsendableDrafts.Provider>,
    );
  });
});

afterEach(() => {
  host.remove();
});

/** Types into the box as a person does: focus, then the value changes. */
function typeIn(text: string) {
  const input = host.querySelector('input');
  if (!input) throw new Error('no input');
  act(() => {
    input.focus();
  });
  // React watches the element's own value property: the prototype's setter is what typing uses.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the input as this
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setValue?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const lastReport = () => report.mock.calls.at(-1)?.[1] as boolean | undefined;

describe('DraftTextField in a panel', () => {
  it('says while it holds text that cannot be handed on, and no longer once corrected', () => {
    typeIn('too long');
    expect(lastReport()).toBe(true);
    typeIn('ok');
    expect(lastReport()).toBe(false);
  });

  it('hands on what was typed when the panel closes with the box still focused', () => {
    typeIn('new');
    act(() => {
      root.unmount();
    });
    expect(onCommit).toHaveBeenCalledWith('new');
    expect(lastReport()).toBe(false);
  });

  it('does not hand on text it refuses when the panel closes', () => {
    typeIn('far too long');
    act(() => {
      root.unmount();
    });
    expect(onCommit).not.toHaveBeenCalled();
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { focusFirstProblem } from './focus';

const nextFrame = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => {
      resolve();
    });
  });

function form(): { form: HTMLFormElement; a: HTMLInputElement; b: HTMLInputElement } {
  const f = document.createElement('form');
  const a = document.createElement('input');
  const b = document.createElement('input');
  f.append(a, b);
  document.body.append(f);
  return { form: f, a, b };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('focusFirstProblem', () => {
  it('waits for the problem to be marked, frames after the call', async () => {
    const { form: f, b } = form();
    focusFirstProblem(f);
    await nextFrame();
    await nextFrame();
    b.setAttribute('aria-invalid', 'true');
    await nextFrame();
    await nextFrame();
    expect(document.activeElement).toBe(b);
  });

  it('leaves focus where the user moved it meanwhile', async () => {
    const { form: f, a, b } = form();
    focusFirstProblem(f);
    a.focus();
    b.setAttribute('aria-invalid', 'true');
    await nextFrame();
    await nextFrame();
    expect(document.activeElement).toBe(a);
  });
});

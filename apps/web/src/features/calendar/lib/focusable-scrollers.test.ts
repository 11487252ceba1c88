import { afterEach, describe, expect, it } from 'vitest';
import { keepScrollersFocusable } from './focusable-scrollers.ts';

describe('keepScrollersFocusable', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  it('makes the scroll boxes focusable, now and after a re-render, and leaves the rest alone', async () => {
    const root = document.createElement('div');
    root.innerHTML = `
      <div id="grid" style="overflow-y: auto"></div>
      <div id="hidden" style="overflow: hidden"></div>
      <div id="plain"></div>
      <div id="own" style="overflow: auto" tabindex="-1"></div>`;
    document.body.append(root);
    stop = keepScrollersFocusable(root);
    expect(root.querySelector('#grid')!.getAttribute('tabindex')).toBe('0');
    expect(root.querySelector('#hidden')!.hasAttribute('tabindex')).toBe(false);
    expect(root.querySelector('#plain')!.hasAttribute('tabindex')).toBe(false);
    expect(root.querySelector('#own')!.getAttribute('tabindex')).toBe('-1');

    const next = document.createElement('div');
    next.style.overflowX = 'scroll';
    root.append(next);
    await Promise.resolve();
    expect(next.getAttribute('tabindex')).toBe('0');
  });
});

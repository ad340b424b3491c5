import { describe, expect, it } from 'vitest';
import { embedSnippet } from './publishing';

describe('embedSnippet', () => {
  it('is an iframe of the address, its title escaped', () => {
    const code = embedSnippet('https://maps.example.org/m/plan', 'Plan "A" & <B>');
    expect(code).toBe(
      '<iframe src="https://maps.example.org/m/plan" title="Plan &quot;A&quot; &amp; &lt;B>" width="100%" height="600" style="border:0" loading="lazy" allowfullscreen></iframe>',
    );
  });
});

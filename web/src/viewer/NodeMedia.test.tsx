// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NodeMedia } from './NodeMedia';
import { ReaderBar } from './sections/ReaderBar';

const ignore = (): void => undefined;
const assetUrl = (key: string, w: number | null) => `/api/v1/public/maps/m/media/${key}${w === null ? '' : `?w=${w}`}`;

function render(url: string, external: boolean, animateGifs = true): string {
  return renderToStaticMarkup(
    <NodeMedia
      media={{ kind: 'remote', url }}
      assetUrl={assetUrl}
      external={external}
      animateGifs={animateGifs}
      onAllowExternal={ignore}
      label="Harbour"
    />,
  );
}

describe('NodeMedia', () => {
  it('loads nothing from another site before the reader allows external sources', () => {
    const html = render('https://elsewhere.test/film.mp4', false);
    expect(html).toContain('data-testid="popup-media-blocked"');
    expect(html).not.toContain('elsewhere.test');
    expect(html).not.toMatch(/<(video|audio|img)/);
  });

  it('plays a linked film with controls, loading only its metadata, once allowed', () => {
    const html = render('https://elsewhere.test/film.mp4', true);
    expect(html).toMatch(/<video controls="" preload="metadata" src="https:\/\/elsewhere.test\/film.mp4"/);
  });

  it('plays a linked sound and shows a linked picture with the node’s title as its text', () => {
    expect(render('https://elsewhere.test/s.mp3', true)).toMatch(
      /<audio controls="" preload="metadata" src="https:\/\/elsewhere.test\/s.mp3"/,
    );
    expect(render('https://elsewhere.test/p.jpg', true)).toContain('<img src="https://elsewhere.test/p.jpg" alt="Harbour"/>');
  });

  it('shows a GIF still (a canvas, no <img>) when the map turns animation off', () => {
    const html = render('https://elsewhere.test/a.gif', true, false);
    expect(html).toContain('<canvas role="img" aria-label="Harbour" data-still=""></canvas>');
    expect(html).not.toContain('<img');
  });

  it('shows nothing of an asset until its type is known', () => {
    const html = renderToStaticMarkup(
      <NodeMedia media={{ kind: 'asset', key: 'K' }} assetUrl={assetUrl} external animateGifs onAllowExternal={ignore} label="x" />,
    );
    expect(html).toBe('');
  });
});

describe('the header logo from the library', () => {
  it('comes through the map’s media address, before a typed logo address', () => {
    const header = { additional_links: [], floating_links: [], logo_media: 'LOGO', logo_url: 'https://x.test/old.png' };
    const html = renderToStaticMarkup(
      <ReaderBar header={header} languages={['en']} panels={[]} open={null} onOpen={ignore} mediaUrl={assetUrl} />,
    );
    expect(html).toContain('src="/api/v1/public/maps/m/media/LOGO?w=256"');
    expect(html).not.toContain('old.png');
  });
});

// Node media and the map's background as the renderer draws them, with images decoded by a fake.
import { describe, expect, it } from 'vitest';
import type { Node } from '../../api/document';
import { indexTemplates } from '../style';
import type { Backdrop } from './background';
import type { DecodedImage } from './bitmapCache';
import { MediaImages, type Decode } from './images';
import { Renderer } from './renderer';
import { Scene } from './scene';
import { FakeSurface, fakeMeasure, makeNode, type FakeContext, type FakePattern } from './testing';

/** Decodes at once to a 2:1 picture as wide as the variant asked (200 wide for the original), recording what was asked. */
function setup(nodes: Node[]) {
  const asked: string[] = [];
  const decode: Decode = (url, w) => {
    asked.push(url);
    const width = w ?? 200;
    const height = width / 2;
    return Promise.resolve<DecodedImage>({ image: { url } as unknown as CanvasImageSource, width, height, close: () => undefined });
  };
  const images = new MediaImages({ assetUrl: (key, w) => `/media/${key}${w === null ? '' : `?w=${w}`}` }, { decode });
  const scene = new Scene({ measure: fakeMeasure });
  scene.setDocument({ nodes: new Map(nodes.map((n) => [n.id, n])), edges: new Map(), templates: indexTemplates([]), globalDesign: null });
  const canvas = new FakeSurface(800, 600);
  const surfaces: FakeSurface[] = [];
  const renderer = new Renderer({
    canvas,
    scene,
    images,
    createSurface: (w, h) => {
      const s = new FakeSurface(w, h);
      surfaces.push(s);
      return s;
    },
    requestFrame: () => 0,
  });
  return { renderer, scene, ctx: canvas.ctx, surfaces, asked };
}

const flush = () => new Promise((r) => setTimeout(r, 0));
const imageDraws = (ctx: FakeContext | undefined) => (ctx?.ops('drawImage') ?? []).filter((c) => (c.args[0] as { url?: string }).url);

describe('node media on the canvas', () => {
  it('draws the node at once without its image, then only that node again with it', async () => {
    const { renderer, surfaces } = setup([
      makeNode(1, 100, 100, { width: 100, height: 100, media: 'KEY' }),
      makeNode(2, 400, 100, { width: 100, height: 100 }),
    ]);
    renderer.draw();
    expect(imageDraws(surfaces[0]?.ctx)).toHaveLength(0);
    await flush();
    const stats = renderer.draw();
    expect(stats.rasterised).toBe(1);
    // Contain: a 200 × 100 picture fits a 100-unit square as 100 × 50, centred.
    const draw = imageDraws(surfaces[0]?.ctx)[0];
    expect(draw?.args.slice(1)).toEqual([-50, -25, 100, 50]);
    expect(draw?.alpha).toBe(1);
  });

  it('asks for the variant as wide as the node is drawn in device pixels', () => {
    const { renderer, asked } = setup([makeNode(1, 100, 100, { width: 400, height: 400, media: 'KEY' })]);
    renderer.camera.setScale(0.5);
    renderer.camera.centerOn(100, 100);
    renderer.draw();
    expect(asked).toEqual(['/media/KEY?w=256']);
    // 400 units at zoom 1.6 on a 2x screen: 1280 device pixels.
    renderer.resize(800, 600, 2);
    renderer.camera.setScale(1.6);
    renderer.camera.centerOn(100, 100);
    renderer.draw();
    expect(asked).toEqual(['/media/KEY?w=256', '/media/KEY?w=2048']);
  });

  it('covers and clips the shape when cropped, scaled by media_size, with media_opacity', async () => {
    const { renderer, surfaces } = setup([
      makeNode(1, 100, 100, { width: 100, height: 100, media: 'KEY', media_cropped: true, media_size: 50, media_opacity: 40 }),
    ]);
    renderer.draw();
    await flush();
    renderer.draw();
    const s = surfaces[0];
    expect(s?.ctx.ops('clip')).toHaveLength(1);
    const draw = imageDraws(s?.ctx)[0];
    // Cover: 200 × 100 scaled to 100 high is 200 × 100; at 50 % 100 × 50.
    expect(draw?.args.slice(1)).toEqual([-50, -25, 100, 50]);
    expect(draw?.alpha).toBeCloseTo(0.4);
  });
});

describe('the map background', () => {
  const backdrop = (patch: Partial<Backdrop>): Backdrop => ({
    media: { kind: 'asset', key: 'BG' },
    position: 'top-left',
    repeat: 'no-repeat',
    size: 'none',
    opacity: 100,
    width: 1000,
    height: 800,
    ...patch,
  });

  it('is drawn under the nodes, in map units, once its image is there', async () => {
    const { renderer, ctx } = setup([makeNode(1, 100, 100, { width: 100, height: 100 })]);
    renderer.setState({ backdrop: backdrop({ opacity: 50 }) });
    renderer.draw();
    expect(imageDraws(ctx)).toHaveLength(0);
    await flush();
    ctx.reset();
    renderer.draw();
    const bg = imageDraws(ctx)[0];
    expect(bg?.args.slice(1)).toEqual([0, 0, 200, 100]);
    expect(bg?.alpha).toBe(0.5);
    const bgAt = ctx.calls.findIndex((c) => c === bg);
    const nodeAt = ctx.calls.findIndex((c) => c.op === 'drawImage' && c.args[0] instanceof FakeSurface);
    expect(bgAt).toBeLessThan(nodeAt);
  });

  it('repeats with one pattern fill, placed and scaled to the laid-out copy', async () => {
    const { renderer, ctx } = setup([]);
    renderer.setState({ backdrop: backdrop({ repeat: 'repeat-x', size: 'contain', position: 'bottom' }) });
    renderer.draw();
    await flush();
    ctx.reset();
    renderer.draw();
    const created = ctx.ops('createPattern')[0];
    expect(created?.args[1]).toBe('repeat-x');
    // Contain: 200 × 100 in 1000 × 800 is 1000 × 500, at the bottom (y 300); the view ends at 800 × 600.
    const fills = ctx.ops('fillRect').filter((c) => c.fill === '');
    expect(fills[0]?.args).toEqual([0, 300, 800, 300]);
  });

  it('sets the pattern transform to the copy', async () => {
    const { renderer, ctx } = setup([]);
    let pattern: FakePattern | null = null;
    const create = ctx.createPattern.bind(ctx);
    ctx.createPattern = (img, rep) => {
      const p = create(img, rep);
      pattern = p as unknown as FakePattern;
      return p;
    };
    renderer.setState({ backdrop: backdrop({ repeat: 'repeat', size: 'none', position: 'center' }) });
    renderer.draw();
    await flush();
    renderer.draw();
    expect(pattern).not.toBeNull();
    expect((pattern as FakePattern | null)?.transform).toEqual({ a: 1, b: 0, c: 0, d: 1, e: 400, f: 350 });
  });
});

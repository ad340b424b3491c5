import { describe, expect, it, vi } from 'vitest';
import type { MapVersion, Publication } from '../../api/publishing';
import { PublicationSource, liveStatus } from './publication';

const version = (id: number, name = `v${id}`): MapVersion => ({
  id,
  revision: 10,
  kind: 'published',
  name,
  description: '',
  created_by: { id: 1, name: 'Ada' },
  created_at: '2025-03-01T10:00:00Z',
});

const publication = (over: Partial<Publication> = {}): Publication => ({
  url: '',
  access_mode: 'limited',
  embed_only: false,
  embed_domains: [],
  seo_title: '',
  seo_description: '',
  status: 'up_to_date',
  live: version(4),
  synced_revision: 10,
  map_live: true,
  revision: 10,
  ...over,
});

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('liveStatus', () => {
  it('is not published without a live version, changed once the revision passes the synced one', () => {
    expect(liveStatus(publication({ live: null }), 12)).toBe('not_published');
    expect(liveStatus(publication(), 10)).toBe('up_to_date');
    expect(liveStatus(publication(), 11)).toBe('changed');
  });

  it('trusts an answer newer than the document shown', () => {
    expect(liveStatus(publication({ synced_revision: 10, revision: 12 }), 10)).toBe('changed');
    expect(liveStatus(publication({ synced_revision: 12, revision: 12 }), 11)).toBe('up_to_date');
  });
});

describe('PublicationSource', () => {
  it('reads the publication for its first listener, and again after a failure', async () => {
    const fetch = vi.fn<(id: number) => Promise<Publication>>().mockRejectedValueOnce(new Error('down'));
    const source = new PublicationSource(3, fetch);
    const off = source.subscribe(() => undefined);
    expect(source.get()).toEqual({ state: 'loading' });
    await settle();
    expect(source.get()).toEqual({ state: 'failed' });
    off();
    fetch.mockResolvedValue(publication());
    source.subscribe(() => undefined);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenLastCalledWith(3);
    expect(source.get()).toMatchObject({ state: 'ready', publication: { synced_revision: 10 } });
  });

  it('lets an own answer win over a read that was under way', async () => {
    let answer!: (p: Publication) => void;
    const fetch = vi.fn(() => new Promise<Publication>((r) => (answer = r)));
    const source = new PublicationSource(3, fetch);
    source.subscribe(() => undefined);
    source.set(publication({ synced_revision: 20, revision: 20 }));
    answer(publication({ synced_revision: 10 }));
    await settle();
    expect(source.get()).toMatchObject({ publication: { synced_revision: 20 } });
  });

  it('applies a taken-down live version at once, without reading', async () => {
    const fetch = vi.fn(() => Promise.resolve(publication()));
    const source = new PublicationSource(3, fetch);
    source.subscribe(() => undefined);
    await settle();
    source.heard({ type: 'map_published', revision: 11, user_id: 2, publication: { live_version_id: null, synced_revision: 10 } });
    const load = source.get();
    expect(load.state === 'ready' && liveStatus(load.publication, 11)).toBe('not_published');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(source.getChanges()).toBe(1);
  });

  it('shows a newly published version at once and reads its details', async () => {
    const fetch = vi.fn(() => Promise.resolve(publication({ live: null, synced_revision: 0 })));
    const source = new PublicationSource(3, fetch);
    source.subscribe(() => undefined);
    await settle();
    fetch.mockResolvedValue(publication({ live: version(9, 'Summer'), synced_revision: 11, revision: 11 }));
    source.heard({
      type: 'map_published',
      revision: 11,
      user_id: 2,
      publication: { live_version_id: 9, synced_revision: 11, version: { id: 9, name: 'Summer' } },
    });
    const load = source.get();
    expect(load.state === 'ready' && load.publication.live?.name).toBe('Summer');
    expect(load.state === 'ready' && liveStatus(load.publication, 11)).toBe('up_to_date');
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(source.get()).toMatchObject({ publication: { live: { id: 9, created_by: { name: 'Ada' } } } });
  });

  it('reads the state after a restore that is not the live version as changed', async () => {
    const source = new PublicationSource(3, () => Promise.resolve(publication()));
    source.subscribe(() => undefined);
    await settle();
    source.heard({
      type: 'state_restored',
      revision: 15,
      user_id: 2,
      publication: { live_version_id: 4, synced_revision: 10, version: { id: 2, name: 'old' } },
    });
    const load = source.get();
    expect(load.state === 'ready' && liveStatus(load.publication, 15)).toBe('changed');
  });
});

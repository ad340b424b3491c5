import { describe, expect, it } from 'vitest';
import { ApiError, type MapSummary, type MapTemplate, type Member } from '../../api';
import { generalProblems, memberPatch, memberRow, quotaLimits, saveBlocker, trialUpdate, withMapAccess } from './clientSettings';
import { newMapProblems, previewDots, quotaText, visibleMaps, visibleTemplates } from './overview';

function map(id: number, name: string, updated: string): MapSummary {
  return {
    id,
    name,
    description: '',
    revision: 1,
    updated_at: updated,
    updated_by: null,
    access: 'edit',
    live: false,
    live_status: 'not_published',
    is_template: false,
    theme: '',
    section: '',
    palette: '',
    measurement: { width: 1000, height: 500 },
    visibility_levels: 3,
    created_by: null,
    preview: { width: 1000, height: 500, points: [] },
  };
}

describe('visibleMaps', () => {
  const maps = [map(1, 'Zebra', '2026-01-02T00:00:00Z'), map(2, 'Ärger', '2026-01-03T00:00:00Z'), map(3, 'apple', '2026-01-01T00:00:00Z')];
  it('sorts by name either way, ignoring case and accents', () => {
    expect(visibleMaps(maps, '', 'nameAsc', 'de').map((m) => m.id)).toEqual([3, 2, 1]);
    expect(visibleMaps(maps, '', 'nameDesc', 'de').map((m) => m.id)).toEqual([1, 2, 3]);
  });
  it('sorts by last edit, newest first', () => {
    expect(visibleMaps(maps, '', 'edited', 'en').map((m) => m.id)).toEqual([2, 1, 3]);
    // Times with fewer fraction digits still compare as times.
    const close = [map(4, 'a', '2026-01-01T10:00:00.5Z'), map(5, 'b', '2026-01-01T10:00:00.123Z')];
    expect(visibleMaps(close, '', 'edited', 'en').map((m) => m.id)).toEqual([4, 5]);
  });
  it('searches the name without case or accents', () => {
    expect(visibleMaps(maps, ' arg ', 'edited', 'en').map((m) => m.id)).toEqual([2]);
    expect(visibleMaps(maps, 'nothing', 'edited', 'en')).toEqual([]);
  });
});

describe('visibleTemplates', () => {
  const t = (id: number, theme: string, mine: boolean) => ({ id, theme, mine }) as MapTemplate;
  const list = [t(1, 'basic', false), t(2, 'process', true), t(3, 'basic', true)];
  it('filters by tab and theme', () => {
    expect(visibleTemplates(list, 'all', '').map((x) => x.id)).toEqual([1, 2, 3]);
    expect(visibleTemplates(list, 'mine', '').map((x) => x.id)).toEqual([2, 3]);
    expect(visibleTemplates(list, 'all', 'basic').map((x) => x.id)).toEqual([1, 3]);
    expect(visibleTemplates(list, 'mine', 'basic').map((x) => x.id)).toEqual([3]);
  });
});

describe('quotaText', () => {
  const refusal = (quota: string) =>
    new ApiError(409, 'quota_exceeded', 'You have reached the maximum number of maps', { quota, max: '1' });
  it('words the kinds, and live maps for admins and others', () => {
    expect(quotaText(refusal('map'), false)).toEqual({ key: 'quota.reached', kind: 'map' });
    expect(quotaText(refusal('live_map'), true)).toEqual({ key: 'quota.liveMapsAdmin', kind: 'live_map' });
    expect(quotaText(refusal('live_map'), false)).toEqual({ key: 'quota.liveMapsMember', kind: 'live_map' });
  });
  it('reads the kind from the problem', () => {
    const err = new ApiError(409, 'quota_exceeded', 'x', {}, { quota: { code: 'quota_exceeded', params: { kind: 'template', max: 1 } } });
    expect(quotaText(err, false)).toEqual({ key: 'quota.reached', kind: 'template' });
  });
  it('tells who holds the seats when open invitations count', () => {
    const err = new ApiError(
      409,
      'quota_exceeded',
      'x',
      {},
      {
        quota: { code: 'quota_exceeded', params: { kind: 'user', max: 5, members: 4, pending: 1 } },
      },
    );
    expect(quotaText(err, true)).toEqual({ key: 'quota.reached', kind: 'user', seats: { max: 5, members: 4, pending: 1 } });
  });
  it('leaves other failures alone', () => {
    expect(quotaText(new ApiError(409, 'conflict', 'x', {}), true)).toBeNull();
    expect(quotaText(refusal('bogus'), true)).toBeNull();
    expect(quotaText(new Error('x'), true)).toBeNull();
  });
});

describe('previewDots', () => {
  it('scales the map into the box, centred', () => {
    const dots = previewDots({ width: 1000, height: 500, points: [{ x: 500, y: 250, shape: 'circle' }] }, 200, 200);
    expect(dots).toHaveLength(1);
    expect(dots[0]).toMatchObject({ cx: 100, cy: 100, circle: true });
  });
  it('draws nothing for an empty size', () => {
    expect(previewDots({ width: 0, height: 0, points: [{ x: 1, y: 1, shape: 'rectangle' }] }, 10, 10)).toEqual([]);
  });
});

describe('newMapProblems', () => {
  it('names each bad field', () => {
    expect(newMapProblems({ name: ' ', width: '50', height: 'abc', levels: '13' })).toEqual({
      name: 'required',
      width: 'range',
      height: 'range',
      levels: 'range',
    });
    expect(newMapProblems({ name: 'Plan', width: '2000', height: '1000', levels: '3' })).toEqual({});
  });
  it("keeps at least a template's levels", () => {
    expect(newMapProblems({ name: 'Plan', width: '2000', height: '1000', levels: '1' }, 2)).toEqual({ levels: 'range' });
  });
});

describe('generalProblems', () => {
  const base = {
    company_name: '',
    logo_url: '',
    login_text: '',
    cname_domain: '',
    subdomain: '',
    analytics_property_id: '',
    api_server_address: '',
    support_access: false,
  };
  it('refuses a CNAME domain and a subdomain together', () => {
    expect(generalProblems({ ...base, cname_domain: 'maps.acme.org', subdomain: 'acme' })).toEqual({
      cname_domain: 'both',
      subdomain: 'both',
    });
  });
  it('checks each field', () => {
    expect(generalProblems({ ...base, cname_domain: 'not a domain', api_server_address: 'ftp://x', logo_url: 'x' })).toEqual({
      cname_domain: 'domain',
      api_server_address: 'url',
      logo_url: 'url',
    });
    expect(generalProblems({ ...base, subdomain: 'acme', logo_url: 'https://acme.org/logo.png' })).toEqual({});
  });
});

describe('user management', () => {
  const member: Member = {
    id: 7,
    email: 'a@b.org',
    name: 'A',
    role: 'guest',
    premium_templates: false,
    support_access_consent: false,
    map_access: { '3': 'read' },
  };
  it('sends only what changed', () => {
    const row = memberRow(member);
    expect(memberPatch(row)).toBeNull();
    expect(memberPatch({ ...row, role: 'editor', mapAccess: { '3': 'read', '4': 'none' } })).toEqual({
      role: 'editor',
      map_access: { '4': 'none' },
    });
  });
  it('clears a per-map access back to the role with null', () => {
    const row = memberRow(member);
    const cleared = withMapAccess(row, '3', '');
    expect(cleared.mapAccess).toEqual({});
    expect(memberPatch(cleared)).toEqual({ map_access: { '3': null } });
    expect(memberPatch(withMapAccess(cleared, '3', 'read'))).toBeNull();
    expect(memberPatch(withMapAccess(row, '5', 'edit'))).toEqual({ map_access: { '5': 'edit' } });
  });
  it('asks to invite every typed user before saving', () => {
    const row = memberRow(member);
    expect(saveBlocker([{ ...row, premium: true }], [{ email: 'new@b.org', role: 'guest' }])).toBe('inviteFirst');
    expect(saveBlocker([row], [{ email: ' ', role: 'guest' }])).toBe('nothing');
    expect(saveBlocker([{ ...row, premium: true }], [])).toBeNull();
  });
});

describe('licence', () => {
  it('reads limits: empty is unlimited, others whole numbers', () => {
    const inputs = { active_readers: '', editing_user: '5', live_map: '0', map: 'ten', template: '-1', user: ' 12 ', media_storage: '' };
    expect(quotaLimits(inputs)).toEqual({
      limits: { active_readers: null, editing_user: 5, live_map: 0, user: 12, media_storage: null },
      bad: ['map', 'template'],
    });
  });
  it('reads media storage in bytes, past the million the other limits stop at', () => {
    const inputs = {
      active_readers: '',
      editing_user: '',
      live_map: '',
      map: '1000001',
      template: '',
      user: '',
      media_storage: '5368709120',
    };
    expect(quotaLimits(inputs)).toEqual({
      limits: { active_readers: null, editing_user: null, live_map: null, template: null, user: null, media_storage: 5368709120 },
      bad: ['map'],
    });
  });
  it('reads the testing period', () => {
    expect(trialUpdate({ endsOn: '2026-12-31', interval: 'yearly', monthly: '', yearly: 'https://shop.example.org/y' })).toEqual({
      update: { ends_at: '2026-12-31T00:00:00Z', payment_interval: 'yearly', buy_urls: { yearly: 'https://shop.example.org/y' } },
      bad: [],
    });
    expect(trialUpdate({ endsOn: '', interval: 'monthly', monthly: '', yearly: '' }).update).toEqual({
      ends_at: null,
      payment_interval: 'monthly',
      buy_urls: {},
    });
    expect(trialUpdate({ endsOn: '31.12.2026', interval: 'monthly', monthly: 'shop', yearly: '' }).bad).toEqual(['endsOn', 'monthly']);
  });
});

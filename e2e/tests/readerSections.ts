// The demo map's sections for the reader's map specs: written through the API as the demo
// editor, and taken back afterwards (other specs read the demo map and its preview).
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { demoMapId } from './editing';

export interface DemoNode {
  id: number;
  visibility: { min_level: number; max_level: number; hidden: boolean };
  content: Record<string, { title?: string; content?: string } | undefined>;
}

export async function ok(res: APIResponse): Promise<unknown> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

export const REMOTE_IMAGE = 'https://images.example.org/glacier.png';

/** The node content the spec gives its node: a glossary term, a citation, an unknown one, a remote image. */
export const NODE_CONTENT = {
  en: `<p>The climate of a region is its weather over decades <a href="#ref-ipcc2021">[1]</a>, see also <a href="#ref-nobody">[2]</a>.</p><p><img src="${REMOTE_IMAGE}" alt="Glacier"></p>`,
  de: `<p>Das Klima einer Region ist ihr Wetter über Jahrzehnte <a href="#ref-ipcc2021">[1]</a>, siehe auch <a href="#ref-nobody">[2]</a>.</p><p><img src="${REMOTE_IMAGE}" alt="Gletscher"></p>`,
  fr: `<p>Le climat d’une région est son temps sur des décennies <a href="#ref-ipcc2021">[1]</a>, voir aussi <a href="#ref-nobody">[2]</a>.</p><p><img src="${REMOTE_IMAGE}" alt="Glacier"></p>`,
};

export const TERM = { en: 'climate', de: 'Klima', fr: 'climat' };
export const DEFINITION = {
  en: 'The average weather of a place over thirty years or more.',
  de: 'Das durchschnittliche Wetter eines Ortes über dreißig Jahre oder länger.',
  fr: 'Le temps moyen d’un lieu sur trente ans ou plus.',
};
export const ABOUT_LABEL = { en: 'About the atlas', de: 'Über den Atlas', fr: 'À propos de l’atlas' };
export const QUIZ_NAME = { en: 'Climate check', de: 'Klima-Check', fr: 'Test climat' };
export const RIGHT_ANSWER = { en: 'The weather over decades', de: 'Das Wetter über Jahrzehnte', fr: 'Le temps sur des décennies' };
export const WRONG_ANSWER = { en: 'Today’s weather', de: 'Das Wetter von heute', fr: 'Le temps d’aujourd’hui' };
export const TOC_TITLE = { en: 'Where to begin', de: 'Wo anfangen', fr: 'Par où commencer' };

function sections(baseURL: string, nodeId: number, deeper: DemoNode) {
  const category = (label: Record<string, string>, description: Record<string, string>) => ({ label, description });
  return {
    editors_note: {
      shown: true,
      label: ABOUT_LABEL,
      title: { en: 'Why this atlas', de: 'Warum dieser Atlas', fr: 'Pourquoi cet atlas' },
      text: {
        en: '<p>An introduction for <strong>new readers</strong>.</p>',
        de: '<p>Eine Einführung für <strong>neue Leser</strong>.</p>',
        fr: '<p>Une introduction pour les <strong>nouveaux lecteurs</strong>.</p>',
      },
      team_members: [{ name: 'Ada Lovelace', description: { en: 'Editor', de: 'Redaktion', fr: 'Rédaction' } }],
    },
    glossary: {
      terms: [
        { term: TERM, alternatives: { en: 'climates' }, synonyms: {}, definition: DEFINITION },
        {
          term: { en: 'region', de: 'Region', fr: 'région' },
          alternatives: {},
          synonyms: {},
          definition: { en: 'An area of land.', de: 'Ein Gebiet.', fr: 'Une étendue de terre.' },
        },
      ],
    },
    references: {
      references: [
        {
          key: 'ipcc2021',
          source: { en: 'IPCC (2021): Climate Change 2021. The Physical Science Basis' },
          link: 'https://www.ipcc.ch/report/ar6/wg1/',
        },
      ],
    },
    header: {
      background: '#0f3d57',
      height: 52,
      logo_url: `${baseURL}/favicon.svg`,
      logo_height: 28,
      logo_link: 'https://example.org/',
      font_color: '#ffffff',
      floating_links: [
        {
          title: { en: 'Project site', de: 'Projektseite', fr: 'Site du projet' },
          url: 'https://example.org/project',
          target: 'new_window',
        },
      ],
      additional_links: [{ title: { en: 'Contact', de: 'Kontakt', fr: 'Contact' }, url: 'mailto:team@example.org', target: 'same_window' }],
    },
    toc: {
      entries: [
        { title: TOC_TITLE, depth: 1, node_id: nodeId, zoom_level: 1 },
        {
          title: { en: 'A closer look', de: 'Genauer hingesehen', fr: 'De plus près' },
          depth: 2,
          node_id: deeper.id,
          zoom_level: deeper.visibility.min_level,
        },
      ],
    },
    social_sharing: {
      networks: ['x', 'linkedin', 'email'],
      title: { en: 'The climate atlas', de: 'Der Klima-Atlas', fr: 'L’atlas du climat' },
      description: { en: 'Explore the climate.', de: 'Das Klima erkunden.', fr: 'Explorer le climat.' },
      hashtags: 'climate',
    },
    cookie_consent: {
      enabled: true,
      title: { en: 'Your privacy', de: 'Ihre Privatsphäre', fr: 'Votre vie privée' },
      text: {
        en: 'We load pictures from other sites only if you allow it.',
        de: 'Bilder anderer Websites laden wir nur, wenn Sie es erlauben.',
        fr: 'Nous ne chargeons les images d’autres sites que si vous l’autorisez.',
      },
      necessary: category({ en: 'Necessary' }, { en: 'Keeps your choices.' }),
      external: category(
        { en: 'Pictures and videos', de: 'Bilder und Videos', fr: 'Images et vidéos' },
        { en: 'Loaded from other sites.', de: 'Von anderen Websites geladen.', fr: 'Chargées depuis d’autres sites.' },
      ),
      statistics: category({ en: 'Statistics' }, { en: 'Counts visits anonymously.' }),
      imprint_url: 'https://example.org/imprint',
      privacy_policy_url: 'https://example.org/privacy',
    },
  };
}

/** Empty sections: what the demo map holds for the other specs once done. */
const EMPTY = {
  editors_note: { shown: false, label: {}, title: {}, text: {}, team_members: [] },
  glossary: { terms: [] },
  references: { references: [] },
  header: { floating_links: [], additional_links: [] },
  toc: { entries: [] },
  social_sharing: { networks: [], title: {}, description: {} },
  cookie_consent: {
    enabled: false,
    title: {},
    text: {},
    necessary: { label: {}, description: {} },
    external: { label: {}, description: {} },
    statistics: { label: {}, description: {} },
  },
};

export interface Prepared {
  mapId: number;
  node: DemoNode;
  quizId: number;
  address: string;
  /** Puts back what the spec changed and takes the map down. */
  undo: () => Promise<void>;
}

/** Writes the sections and the node's content on the demo map and publishes it at a new address. */
export async function prepare(api: APIRequestContext, baseURL: string): Promise<Prepared> {
  const mapId = await demoMapId(api);
  const doc = (await ok(await api.get(`/api/v1/maps/${mapId}`))) as { nodes: DemoNode[] };
  const node = doc.nodes.find((n) => n.visibility.min_level === 1 && !n.visibility.hidden && n.content.en?.title);
  const deeper = doc.nodes.find((n) => n.visibility.min_level === 2 && !n.visibility.hidden);
  if (!node || !deeper) throw new Error('the demo map has no titled node on level 1, or none on level 2');
  const whole = (await ok(await api.get(`/api/v1/maps/${mapId}/nodes/${node.id}`))) as DemoNode;
  const before = Object.fromEntries(['en', 'de', 'fr'].map((l) => [l, { content: whole.content[l]?.content ?? '' }]));
  const contentOf = (c: Record<string, string>) => Object.fromEntries(Object.entries(c).map(([l, content]) => [l, { content }]));
  await ok(await api.patch(`/api/v1/maps/${mapId}/elements`, { data: { nodes: [{ id: node.id, content: contentOf(NODE_CONTENT) }] } }));
  for (const [name, value] of Object.entries(sections(baseURL, node.id, deeper))) {
    await ok(await api.put(`/api/v1/maps/${mapId}/${name}`, { data: value }));
  }
  const quiz = (await ok(
    await api.post(`/api/v1/maps/${mapId}/quizzes`, {
      data: {
        name: QUIZ_NAME,
        description: { en: 'One question.', de: 'Eine Frage.', fr: 'Une question.' },
        expandable: false,
        questions: [
          {
            text: { en: 'What is climate?', de: 'Was ist Klima?', fr: 'Qu’est-ce que le climat ?' },
            multiple_answers: false,
            answers: [
              { text: RIGHT_ANSWER, correct: true },
              { text: WRONG_ANSWER, correct: false },
            ],
          },
        ],
      },
    }),
  )) as { id: number };
  const address = `sections-${Date.now().toString(36)}`;
  await ok(await api.patch(`/api/v1/maps/${mapId}/publication`, { data: { url: address, access_mode: 'accessible' } }));
  await ok(await api.patch(`/api/v1/maps/${mapId}/live`, { data: { live: true } }));
  await ok(await api.post(`/api/v1/maps/${mapId}/publish`, { data: { name: 'With sections' } }));

  const undo = async () => {
    await api.delete(`/api/v1/maps/${mapId}/publication/live`);
    await api.patch(`/api/v1/maps/${mapId}/publication`, { data: { access_mode: 'limited' } });
    await api.patch(`/api/v1/maps/${mapId}/live`, { data: { live: false } });
    await api.delete(`/api/v1/maps/${mapId}/quizzes/${quiz.id}`);
    for (const [name, value] of Object.entries(EMPTY)) await api.put(`/api/v1/maps/${mapId}/${name}`, { data: value });
    await api.patch(`/api/v1/maps/${mapId}/elements`, { data: { nodes: [{ id: node.id, content: before }] } });
  };
  return { mapId, node: whole, quizId: quiz.id, address, undo };
}

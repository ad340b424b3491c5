import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';
import fr from './fr.json';

type Catalog = Record<string, unknown>;

function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') {
      out.set(path, value);
    } else if (typeof value === 'object' && value !== null) {
      for (const [k, v] of flatten(value as Catalog, path)) out.set(k, v);
    } else {
      throw new Error(`${path} is neither text nor a group`);
    }
  }
  return out;
}

const catalogs = { en: flatten(en), de: flatten(de), fr: flatten(fr) };
const markup = (text: string) => [...text.matchAll(/<\/?(\w+)\s*\/?>/g)].map((m) => m[0]).sort();
// <Trans> parses texts as HTML: a void element's name (<link>, <input>, …) cannot wrap a text.
const voidElements = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

// Texts that are the same in every language on purpose.
const sameEverywhere = new Set([
  'app.name',
  'language.en',
  'language.de',
  'language.fr',
  // Only punctuation around placeholders.
  'access.node',
  'access.outline.edgeTo',
  'access.outline.edgeFrom',
  'media.details.dimensions', // {{width}} × {{height}} px
  'media.details.duration', // {{seconds}} s
  'media.uploads.progress', // {{percent}} %
  'editor.commands.withKeys', // {{command}} ({{keys}})
]);

// Words that are spelled the same as in English, checked one by one.
const sameInLanguage = {
  de: new Set([
    'roles.admin', // Administrator
    'roles.superuser', // Superuser
    'clients.columns.status', // Status
    'pageTitle.editor', // Editor
    'form.optional', // optional
    'mapOverview.revision', // Revision {{revision}}
    'overview.liveOn', // Live (as in "live schalten")
    'apiKeys.columns.name', // Name
    'apiKeys.name', // Name
    'reader.about.team', // Team
    'reader.quiz.open', // Quiz
    'reader.quiz.title_one', // Quiz
    'editor.sections.glossary.definition', // Definition
    'editor.sections.header.linkNumber', // Link {{n}}
    'editor.sections.header.logo', // Logo
    'editor.sections.note.memberName', // Name
    'editor.sections.note.text', // Text
    'editor.sections.references.link', // Link
    'media.details.version', // Version {{version}}
    'media.field.logo', // Logo
    'media.kinds.animation', // Animation
    'media.kinds.film', // Film
    'media.kinds.illustration', // Illustration
    'media.library.container', // Container
    'media.stats.limit', // {{type}}: {{max}}
    'media.types.audio', // Audio
    'media.types.video', // Video
    'media.uploads.title', // Uploads
    'editor.keys.escape', // Esc
  ]),
  fr: new Set([
    'askAccess.message', // Message
    'clients.columns.actions', // Actions
    'pageTitle.clients', // Organisations
    'apiKeys.columns.actions', // Actions
    'clients.status.active', // Active (une organisation active)
    'toast.region', // Notifications
    'reader.quiz.open', // Quiz
    'reader.quiz.title_one', // Quiz
    'editor.sections.header.logo', // Logo
    'editor.sections.note.memberDescription', // Description ({{language}})
    'editor.sections.references.source', // Source
    'media.field.logo', // Logo
    'editor.keys.mod', // Ctrl/⌘
    'editor.shortcuts.copyKeys', // Ctrl/⌘ + C
    'editor.shortcuts.cutKeys', // Ctrl/⌘ + X
    'editor.shortcuts.pasteKeys', // Ctrl/⌘ + V
  ]),
};

describe('catalogs', () => {
  const enKeys = [...catalogs.en.keys()].sort();

  it.each(['de', 'fr'] as const)('%s has exactly the keys of en', (lang) => {
    expect([...catalogs[lang].keys()].sort()).toEqual(enKeys);
  });

  it.each(['en', 'de', 'fr'] as const)('%s has no empty texts', (lang) => {
    for (const [key, text] of catalogs[lang]) expect(text.trim(), key).not.toBe('');
  });

  it.each(['de', 'fr'] as const)('%s keeps the placeholders of en', (lang) => {
    for (const [key, text] of catalogs.en) {
      expect(placeholders(catalogs[lang].get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it.each(['de', 'fr'] as const)('%s keeps the markup of en', (lang) => {
    for (const [key, text] of catalogs.en) {
      expect(markup(catalogs[lang].get(key) ?? ''), key).toEqual(markup(text));
    }
  });

  it('wraps texts only in tags that can hold them', () => {
    for (const [key, text] of catalogs.en) {
      for (const [, name] of text.matchAll(/<(\w+)>/g)) expect(voidElements.has(name ?? ''), `${key}: <${name}>`).toBe(false);
    }
  });

  // "level(s)", "Ebene(n)", "niveau(x)": a count takes its plural form from the catalogue
  // (key_one / key_other), not a bracketed ending; "http(s)" names a scheme, not a count.
  it.each(['en', 'de', 'fr'] as const)('%s has plural forms, not bracketed endings', (lang) => {
    const guessed = [...catalogs[lang]].filter(([, text]) => /\p{L}\((?:s|e|n|en|x|es)\)/u.test(text.replaceAll('http(s)', 'https')));
    expect(guessed.map(([key]) => key)).toEqual([]);
  });

  it.each(['de', 'fr'] as const)('%s is translated, not copied from en', (lang) => {
    const copied = enKeys.filter((key) => !sameEverywhere.has(key) && catalogs[lang].get(key) === catalogs.en.get(key));
    // Anything else equal to the English text was forgotten.
    expect(copied.filter((key) => !sameInLanguage[lang].has(key))).toEqual([]);
  });
});

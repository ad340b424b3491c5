// The rich-text box (Tiptap) of the content form and the sections. Loaded only when a panel with
// one opens, so that the editor's first bundle does not carry it. Its tools: bold, italic,
// underline, heading, lists, a link (with where it opens) and a citation of the map's references
// (`#ref-key`, as the references panel tells authors). Pasted pictures and embedded frames cannot
// be part of the text: they are left out, and the box says so. The server sanitises the HTML.
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../layout/Button';
import { LinkTargetField, type LinkTarget } from './fields';
import styles from './Panel.module.css';
import { Picker } from './Picker';
import { anchorTarget, citationHref, filesArePictures, isAllowedHref, pasteLeavesOut, targetOfAnchor, TEXT_LINK_TARGETS } from './richText';

/** A reference the text may cite. */
export interface Citable {
  key: string;
  /** Its source, in the tab's language when it has one there. */
  source: string;
}

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  disabled: boolean;
  label: string;
  testId: string;
  /** The map's references: with them the box offers the citation tool. */
  references?: readonly Citable[];
}

// The link mark's `protocols` option is left alone: it registers schemes with linkifyjs, which
// warns for each one once linkify has started (in every box after the first); http(s) and mailto
// are linkify's own anyway. The link tool takes only what isAllowedHref allows.
const EXTENSIONS = [StarterKit.configure({ link: { openOnClick: false } })];

type Tool = 'bold' | 'italic' | 'underline' | 'heading' | 'bulletList' | 'orderedList';

/** Each tool's mark on its button; the button's name is the tool's name (the mark is hidden from it). */
const GLYPHS: Record<Tool | 'link' | 'cite', ReactNode> = {
  bold: 'B',
  italic: 'I',
  underline: 'U',
  heading: 'H',
  bulletList: '•',
  // Drawn, not typed: a visible "1." that the name "Numbered list" does not contain fails
  // WCAG 2.5.3 (label in name); a drawing is not text.
  orderedList: (
    <svg width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
      <path d="M2.5 2.5h1v4" />
      <path d="M2 11h2l-2 3h2" />
      <path d="M7 4.5h7M7 12.5h7" />
    </svg>
  ),
  // A chain link, drawn: not every system has an emoji font for one.
  link: (
    <svg width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
      <path d="M6.5 9.5l3-3" />
      <path d="M7 4.5l1.2-1.2a2.6 2.6 0 013.7 3.7L10.7 8.2" />
      <path d="M9 11.5l-1.2 1.2a2.6 2.6 0 01-3.7-3.7l1.2-1.2" />
    </svg>
  ),
  cite: (
    <svg width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
      <path d="M5 2.5H3v11h2M11 2.5h2v11h-2" />
      <path d="M8 6.5v3" />
    </svg>
  ),
};

export default function RichTextEditor({ value, onChange, disabled, label, testId, references }: RichTextEditorProps) {
  const { t } = useTranslation();
  const ids = useId();
  const [leftOut, setLeftOut] = useState(false);
  const [linkForm, setLinkForm] = useState<{ href: string; target: LinkTarget; bad: boolean } | null>(null);
  const [citing, setCiting] = useState(false);
  const editor = useEditor(
    {
      extensions: EXTENSIONS,
      content: value,
      editable: !disabled,
      immediatelyRender: true,
      editorProps: {
        attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', 'data-testid': testId, class: styles.richText ?? '' },
        // What the schema has no place for is left out; the author learns it here, not later.
        transformPastedHTML: (html) => {
          if (pasteLeavesOut(html)) setLeftOut(true);
          return html;
        },
        handlePaste: (_view, event) => {
          const data = event.clipboardData;
          if (data && !data.types.includes('text/html') && filesArePictures([...data.files])) setLeftOut(true);
          return false;
        },
        handleDrop: (_view, event) => {
          const files = event.dataTransfer?.files;
          if (files && filesArePictures([...files])) {
            setLeftOut(true);
            return true;
          }
          return false;
        },
      },
      // An empty box is "" (the server would keep an empty paragraph as content).
      onUpdate: ({ editor: e }) => {
        onChange(e.isEmpty ? '' : e.getHTML());
      },
    },
    [disabled],
  );
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      heading: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link') && !String(e.getAttributes('link').href ?? '').startsWith('#ref-'),
      cite: e.isActive('link') && String(e.getAttributes('link').href ?? '').startsWith('#ref-'),
    }),
  });
  const run: Record<Tool, () => void> = {
    bold: () => editor.chain().focus().toggleBold().run(),
    italic: () => editor.chain().focus().toggleItalic().run(),
    underline: () => editor.chain().focus().toggleUnderline().run(),
    heading: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
    bulletList: () => editor.chain().focus().toggleBulletList().run(),
    orderedList: () => editor.chain().focus().toggleOrderedList().run(),
  };

  /**
   * Sets a link on the selection, or inserts `text` linked where nothing is selected. A link
   * being edited (the cursor in it, `extend`) is changed whole; a citation is never merged into a
   * link next to it.
   */
  const setLink = (href: string, target: string | null, text: string, extend: boolean) => {
    const editing = extend && editor.isActive('link');
    if (editor.state.selection.empty && !editing) {
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href, target } }] })
        .unsetMark('link')
        .run();
      return;
    }
    const chain = editor.chain().focus();
    (editing ? chain.extendMarkRange('link') : chain).setLink({ href, target }).run();
  };

  const button = (id: Tool | 'link' | 'cite', on: boolean, onClick: () => void) => (
    <button
      key={id}
      type="button"
      className={[styles.richTool, on && styles.richToolOn].filter(Boolean).join(' ')}
      aria-pressed={on}
      aria-label={t(`sidebar.content.toolbar.${id}`)}
      title={t(`sidebar.content.toolbar.${id}`)}
      disabled={disabled}
      data-testid={`${testId}-tool-${id}`}
      onClick={onClick}
    >
      <span aria-hidden="true">{GLYPHS[id]}</span>
    </button>
  );

  return (
    <div className={styles.richBox}>
      <div className={styles.richTools} role="toolbar" aria-label={t('sidebar.content.toolbar.label')}>
        {(Object.keys(run) as Tool[]).map((id) => button(id, active[id], run[id]))}
        {button('link', active.link || linkForm !== null, () => {
          const attrs = editor.getAttributes('link');
          const href = typeof attrs.href === 'string' && !attrs.href.startsWith('#ref-') ? attrs.href : '';
          setCiting(false);
          setLinkForm(linkForm ? null : { href, target: targetOfAnchor(attrs.target), bad: false });
        })}
        {references &&
          button('cite', active.cite || citing, () => {
            setLinkForm(null);
            setCiting(!citing);
          })}
      </div>
      {linkForm && (
        <div
          className={styles.picker}
          data-testid={`${testId}-link-form`}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            setLinkForm(null);
          }}
        >
          <div className={styles.field}>
            <label htmlFor={`${ids}-href`}>{t('sidebar.content.linkForm.url')}</label>
            <input
              id={`${ids}-href`}
              autoFocus
              type="url"
              inputMode="url"
              className={[styles.input, linkForm.bad && styles.inputBad].filter(Boolean).join(' ')}
              value={linkForm.href}
              aria-invalid={linkForm.bad ? true : undefined}
              aria-describedby={linkForm.bad ? `${ids}-href-problem` : undefined}
              data-testid={`${testId}-link-url`}
              onChange={(e) => {
                setLinkForm({ ...linkForm, href: e.target.value, bad: false });
              }}
            />
            {linkForm.bad && (
              <span id={`${ids}-href-problem`} className={styles.problem} role="alert">
                {t('sidebar.content.linkForm.invalid')}
              </span>
            )}
          </div>
          <LinkTargetField
            value={linkForm.target}
            options={TEXT_LINK_TARGETS}
            disabled={false}
            testId={`${testId}-link-target`}
            onPick={(target) => {
              setLinkForm({ ...linkForm, target });
            }}
          />
          <div className={styles.buttons}>
            <Button
              size="small"
              data-testid={`${testId}-link-apply`}
              onClick={() => {
                const href = linkForm.href.trim();
                if (!isAllowedHref(href)) {
                  setLinkForm({ ...linkForm, bad: true });
                  return;
                }
                setLink(href, anchorTarget(linkForm.target), href, true);
                setLinkForm(null);
              }}
            >
              {t('sidebar.content.linkForm.apply')}
            </Button>
            {active.link && (
              <Button
                size="small"
                variant="secondary"
                data-testid={`${testId}-link-remove`}
                onClick={() => {
                  editor.chain().focus().extendMarkRange('link').unsetLink().run();
                  setLinkForm(null);
                }}
              >
                {t('sidebar.content.linkForm.remove')}
              </Button>
            )}
            <Button
              size="small"
              variant="ghost"
              onClick={() => {
                setLinkForm(null);
                editor.commands.focus();
              }}
            >
              {t('sidebar.content.linkForm.cancel')}
            </Button>
          </div>
        </div>
      )}
      {citing && references && (
        <Picker
          search={(query) => {
            const q = query.trim().toLocaleLowerCase();
            return references
              .filter((r) => q === '' || r.key.toLocaleLowerCase().includes(q) || r.source.toLocaleLowerCase().includes(q))
              .slice(0, 50)
              .map((r) => ({ id: r.key, title: r.source ? `${r.key} · ${r.source}` : r.key }));
          }}
          label={t('sidebar.content.cite.search')}
          listLabel={t('sidebar.content.cite.list')}
          emptyText={t('sidebar.content.cite.none')}
          testId={`${testId}-cite`}
          onClose={() => {
            setCiting(false);
            editor.commands.focus();
          }}
          onPick={(choice) => {
            const key = String(choice.id);
            setLink(citationHref(key), null, `[${key}]`, false);
            setCiting(false);
          }}
        />
      )}
      {leftOut && (
        <p className={styles.pasteNotice} role="status" data-testid={`${testId}-left-out`}>
          <span>{t('sidebar.content.paste.dropped')}</span>
          <button
            type="button"
            className={styles.reset}
            onClick={() => {
              setLeftOut(false);
            }}
          >
            {t('sidebar.content.paste.dismiss')}
          </button>
        </p>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}

// The content form's rich-text box (Tiptap). Loaded only when the content form opens, so that the
// editor's first bundle does not carry it. The server sanitises the HTML it gives.
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import styles from './Panel.module.css';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  disabled: boolean;
  label: string;
  testId: string;
}

export default function RichTextEditor({ value, onChange, disabled, label, testId }: RichTextEditorProps) {
  const { t } = useTranslation();
  const editor = useEditor(
    {
      extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } })],
      content: value,
      editable: !disabled,
      immediatelyRender: true,
      editorProps: {
        attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', 'data-testid': testId, class: styles.richText ?? '' },
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
    }),
  });
  const tools = [
    { id: 'bold', text: 'B', run: () => editor.chain().focus().toggleBold().run() },
    { id: 'italic', text: 'I', run: () => editor.chain().focus().toggleItalic().run() },
    { id: 'underline', text: 'U', run: () => editor.chain().focus().toggleUnderline().run() },
    { id: 'heading', text: 'H', run: () => editor.chain().focus().toggleHeading({ level: 3 }).run() },
    { id: 'bulletList', text: '•', run: () => editor.chain().focus().toggleBulletList().run() },
    { id: 'orderedList', text: '1.', run: () => editor.chain().focus().toggleOrderedList().run() },
  ] as const;
  return (
    <div className={styles.richBox}>
      <div className={styles.richTools} role="toolbar" aria-label={t('sidebar.content.toolbar.label')}>
        {tools.map((tool) => (
          <button
            key={tool.id}
            type="button"
            className={[styles.richTool, active[tool.id] && styles.richToolOn].filter(Boolean).join(' ')}
            aria-pressed={active[tool.id]}
            aria-label={t(`sidebar.content.toolbar.${tool.id}`)}
            title={t(`sidebar.content.toolbar.${tool.id}`)}
            disabled={disabled}
            onClick={() => {
              tool.run();
            }}
          >
            {tool.text}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}

// The text field laid over a node's title on the canvas: it follows the camera every frame,
// saves on Enter or when the focus leaves it (a click elsewhere), and cancels on Esc.
import { useEffect, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../api/types';
import { firstTitle } from '../../map';
import type { CanvasController } from '../canvas/canvasController';
import type { LockHolder } from '../panels/kit/PanelFrame';
import type { DocumentStore } from '../store';
import { TITLE_MAX_LENGTH, titleEdit, titleFieldPlacement, titleOf, type TitleRefusal } from './titleField';
import styles from './InText.module.css';

interface InTextTitleEditorProps {
  controller: CanvasController;
  store: DocumentStore;
  nodeId: number;
  /** The language edited: the canvas's. */
  language: Language;
  /** The canvas's languages in order (the fallback shown as a hint when this one has no title). */
  languages: readonly Language[];
  /** Another editor who took the node meanwhile (an admin broke the lock): nothing can be saved. */
  lockedBy: LockHolder | null;
  onClose: () => void;
}

export function InTextTitleEditor({ controller, store, nodeId, language, languages, lockedBy, onClose }: InTextTitleEditorProps) {
  const { t } = useTranslation();
  useSyncExternalStore(controller.subscribeFrame, controller.getFrame);
  const id = store.resolveId(nodeId);
  const node = store.getNode(id);
  const entry = controller.scene.node(id);
  const [draft, setDraft] = useState(() => (node ? titleOf(node, language) : ''));
  const done = useRef(false);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  // The node removed (by another editor, or undone): nothing is left to edit.
  const gone = !node || !entry;
  useEffect(() => {
    if (gone && !done.current) {
      done.current = true;
      onClose();
    }
  }, [gone, onClose]);
  if (!node || !entry) return null;

  const finish = (save: boolean) => {
    if (done.current) return;
    done.current = true;
    if (save && !lockedBy) {
      const current = store.getNode(id);
      const edit = current ? titleEdit(current, language, draft) : null;
      if (edit) store.apply(edit);
    }
    onClose();
  };

  const p = titleFieldPlacement(entry, controller.renderer.camera);
  const fallback = firstTitle(node.content, languages);
  const languageName = t(`language.${language}`);
  const style: CSSProperties = {
    left: p.left,
    top: p.top,
    width: p.width,
    height: p.height,
    fontSize: p.fontSize,
    fontFamily: p.fontFamily,
    fontWeight: p.fontWeight,
    fontStyle: p.fontStyle,
    textAlign: p.textAlign,
    color: p.color,
    transform: p.rotate === 0 ? undefined : `rotate(${p.rotate}deg)`,
    transformOrigin: `${p.originX}px ${p.originY}px`,
  };
  return (
    <div className={styles.layer} data-testid="intext-layer">
      <input
        ref={field}
        className={styles.field}
        style={style}
        value={draft}
        maxLength={TITLE_MAX_LENGTH}
        lang={language}
        readOnly={lockedBy !== null}
        aria-label={t('editor.intext.label', { language: languageName })}
        placeholder={
          fallback && fallback.language !== language ? fallback.title : t('editor.intext.placeholder', { language: languageName })
        }
        data-testid="intext-title"
        data-node={id}
        onChange={(e) => {
          setDraft(e.target.value);
        }}
        onKeyDown={(e) => {
          // The field's keys are its own: none reaches the editor's shortcuts.
          e.stopPropagation();
          if (e.key === 'Enter') {
            e.preventDefault();
            finish(true);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            finish(false);
          }
        }}
        onBlur={() => {
          finish(true);
        }}
      />
      <p className={styles.note} style={{ left: p.left, top: p.top + p.height + 4 }} role="status" data-testid="intext-note">
        {lockedBy ? t('editor.intext.takenBy', { name: lockedBy.name }) : t('editor.intext.hint', { language: languageName })}
      </p>
    </div>
  );
}

/** Why a double-click or Enter did not open the field, beside the node for a moment. */
export function InTextRefusal({ controller, nodeId, refusal }: { controller: CanvasController; nodeId: number; refusal: TitleRefusal }) {
  const { t } = useTranslation();
  useSyncExternalStore(controller.subscribeFrame, controller.getFrame);
  const at = controller.screenOf(nodeId);
  if (!at) return null;
  const text =
    refusal.kind === 'lockedBy' ? t('editor.intext.refused.lockedBy', { name: refusal.name }) : t(`editor.intext.refused.${refusal.kind}`);
  return (
    <p
      className={styles.refusal}
      style={{ left: at.x, top: at.y, borderColor: refusal.kind === 'lockedBy' ? refusal.color : undefined }}
      role="status"
      data-testid="intext-refused"
    >
      {text}
    </p>
  );
}

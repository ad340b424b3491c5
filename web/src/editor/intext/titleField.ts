// Editing a node's title in place (on the canvas): where the text field lies over the drawn title,
// which edit saving it makes, and why a node cannot be edited so. Framework-free; the React overlay
// in InTextTitleEditor.tsx follows the camera with it.
import type { ContentByLanguage, Node, NodeContentPatch, NodeTextPosition } from '../../api/document';
import type { Language } from '../../api/types';
import { TITLE_GAP, type NodeEntry } from '../../map';
import type { Edit } from '../store';
import { CONTENT_LIMITS } from '../panels/contentForm/contentForm';

/** The longest title the server takes (characters). */
export const TITLE_MAX_LENGTH = CONTENT_LIMITS.title;
/** The field is never narrower than this on screen (a small node must still take typing). */
export const MIN_FIELD_WIDTH_PX = 120;
/** Nor is its text smaller than this, however far the map is zoomed out. */
export const MIN_FIELD_FONT_PX = 11;
/** The font size used for a node whose title is not drawn (font size 0). */
const NO_TITLE_FONT_SIZE = 14;

/** The field's box and font in CSS pixels from the canvas's top-left, before rotation. */
export interface TitleFieldPlacement {
  left: number;
  top: number;
  width: number;
  height: number;
  fontSize: number;
  fontFamily: string;
  fontWeight: number;
  fontStyle: string;
  textAlign: 'left' | 'center' | 'right';
  color: string;
  /** Rotation in degrees about (originX, originY), the node's centre relative to the field. */
  rotate: number;
  originX: number;
  originY: number;
}

export interface ScreenCamera {
  scale: number;
  worldToScreen(x: number, y: number): { x: number; y: number };
}

/** Where the title lies in the node's local frame (relative to its centre, before rotation). */
function localTitleFrame(
  pos: NodeTextPosition,
  nodeWidth: number,
  nodeHeight: number,
  border: number,
  blockWidth: number,
  blockHeight: number,
): { x: number; y: number; w: number; h: number } {
  const hw = nodeWidth / 2;
  const hh = nodeHeight / 2;
  // Centred titles wrap inside the node; the others use the node's width, or their text's beside it.
  const w =
    pos === 'center'
      ? Math.max(1, nodeWidth - 2 * TITLE_GAP)
      : pos === 'left' || pos === 'right'
        ? Math.max(blockWidth, nodeWidth)
        : nodeWidth;
  const h = blockHeight;
  let x: number;
  if (pos === 'left') x = -hw - border - TITLE_GAP - w;
  else if (pos === 'right') x = hw + border + TITLE_GAP;
  else if (pos === 'top-left' || pos === 'bottom-left') x = -hw;
  else if (pos === 'top-right' || pos === 'bottom-right') x = hw - w;
  else x = -w / 2;
  let y: number;
  if (pos === 'top' || pos === 'top-left' || pos === 'top-right') y = -hh - border - TITLE_GAP - h;
  else if (pos === 'bottom' || pos === 'bottom-left' || pos === 'bottom-right') y = hh + border + TITLE_GAP;
  else y = -h / 2;
  return { x, y, w, h };
}

/**
 * The field laid over the node's title as the camera shows it now: the title's own box when one
 * is drawn (one line high at least), else where a title of the node's style would go.
 */
export function titleFieldPlacement(entry: Pick<NodeEntry, 'box' | 'style' | 'title'>, camera: ScreenCamera): TitleFieldPlacement {
  const s = entry.style;
  const fontSize = s.font_size > 0 ? s.font_size : NO_TITLE_FONT_SIZE;
  const lineHeight = fontSize * s.line_height;
  const border = s.border_enabled ? s.border_width / 2 : 0;
  const block = entry.title?.block;
  // One line tall: the field scrolls sideways rather than wrapping, as titles are single-line.
  const frame = localTitleFrame(s.title_position, s.width, s.height, border, block?.width ?? 0, Math.max(lineHeight, 1));
  // A drawn title (wrapped, perhaps) is covered about the middle of its block.
  if (entry.title) frame.y = entry.title.y + entry.title.block.height / 2 - frame.h / 2;
  const k = camera.scale;
  const centre = camera.worldToScreen(entry.box.x, entry.box.y);
  let left = centre.x + frame.x * k;
  let width = frame.w * k;
  if (width < MIN_FIELD_WIDTH_PX) {
    // Grown about the middle of where the title would be.
    left -= (MIN_FIELD_WIDTH_PX - width) / 2;
    width = MIN_FIELD_WIDTH_PX;
  }
  const screenFont = Math.max(MIN_FIELD_FONT_PX, fontSize * k);
  const height = Math.max(frame.h * k, screenFont * 1.3);
  const top = centre.y + (frame.y + frame.h / 2) * k - height / 2;
  const rotate = (Math.atan2(entry.box.sin, entry.box.cos) * 180) / Math.PI;
  return {
    left,
    top,
    width,
    height,
    fontSize: screenFont,
    fontFamily: s.font_family.trim() === '' ? 'sans-serif' : s.font_family,
    fontWeight: s.font_weight,
    fontStyle: s.font_style,
    textAlign: s.text_align === 'left' || s.text_align === 'right' ? s.text_align : 'center',
    color: readableOnField(s.font_color),
    rotate: Math.abs(rotate) < 1e-9 ? 0 : rotate,
    originX: centre.x - left,
    originY: centre.y - top,
  };
}

/** The field's text colour when none of the node's own can be read (on its light background). */
export const FIELD_TEXT_COLOR = '#0f172a';

/**
 * The title's colour, unless it would not show on the field's near-white background (white text
 * of a dark node): then the field's own. Colours other than hex are kept.
 */
export function readableOnField(color: string): string {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m?.[1]) return color;
  const short = m[1];
  const hex = short.length === 3 ? short.replace(/./g, '$&$&') : short;
  const channel = (i: number) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // WCAG contrast against white: below 3 the text is hard to read.
  return 1.05 / (luminance + 0.05) < 3 ? FIELD_TEXT_COLOR : color;
}

/** The node's title in one language, "" for none. */
export function titleOf(node: Pick<Node, 'content'>, language: Language): string {
  return node.content[language]?.title ?? '';
}

/**
 * The edit saving the field makes, or null when nothing changes. A blank title is stored empty
 * (as the content form does); line breaks pasted in become spaces, titles being single-line here.
 */
export function titleEdit(node: Pick<Node, 'id' | 'content'>, language: Language, draft: string): Edit | null {
  const oneLine = draft.replace(/\s*[\r\n]+\s*/g, ' ');
  const value = oneLine.trim() === '' ? '' : oneLine;
  if (value === titleOf(node, language)) return null;
  const content: ContentByLanguage<NodeContentPatch> = {};
  content[language] = { title: value };
  return { type: 'setNodeContent', id: node.id, content };
}

/** Why a node's title cannot be edited in place now, or null when it can. */
export type TitleRefusal =
  | { kind: 'readOnly' }
  | { kind: 'lockedBy'; name: string; color: string }
  | { kind: 'nodeLocked' }
  | { kind: 'unsavedForm' }
  | { kind: 'gone' };

export interface TitleEditConditions {
  canEdit: boolean;
  /** The node as the document holds it, undefined when it is gone. */
  node: Pick<Node, 'editing'> | undefined;
  /** Another editor's lock on the node (either extent), with their name and colour. */
  holder: { name: string; color: string } | null;
  /** The content form has unsaved changes of another node (or of this one: they would clash). */
  formDirty: boolean;
}

export function titleRefusal(c: TitleEditConditions): TitleRefusal | null {
  if (!c.canEdit) return { kind: 'readOnly' };
  if (!c.node) return { kind: 'gone' };
  if (c.holder) return { kind: 'lockedBy', name: c.holder.name, color: c.holder.color };
  if (c.node.editing.locked) return { kind: 'nodeLocked' };
  if (c.formDirty) return { kind: 'unsavedForm' };
  return null;
}

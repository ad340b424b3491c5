// What a screen reader is told of the node the keyboard is on: its title as the canvas shows it
// (in the canvas's language), its shape, its level and where it is in the reading order.
import type { TFunction } from 'i18next';
import type { Scene } from '../map/render/scene';
import type { CanvasFocus } from './canvasKeyboard';

export function nodeAnnouncement(t: TFunction, scene: Scene, focus: CanvasFocus, level: number, levels: number): string {
  const e = scene.node(focus.id);
  if (!e) return '';
  const title = e.titleText.trim() || t('access.untitled');
  const shape = t(`editor.shapes.${e.style.shape}`);
  const where = t('access.level', { level, count: levels });
  const text = t('access.node', { title, shape, level: where });
  return focus.position > 0 ? t('access.position', { node: text, position: focus.position, count: focus.count }) : text;
}

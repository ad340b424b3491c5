// Every kind of edit, each defined once in its family's file; the store asks these for what to do.
import type { ApplyContext, Draft } from '../state';
import type { Edit, EditType } from '../types';
import type { EditDefinition, EditDefinitions, EditOf, InverseContext } from './definition';
import { EDGE_EDITS } from './edges';
import { LAYER_EDITS } from './layers';
import { MAP_EDITS } from './map';
import { NODE_EDITS } from './nodes';
import { RESTORE_EDITS } from './restore';
import { SECTION_EDITS } from './sections';
import { TEMPLATE_EDITS } from './templates';

export const EDITS: EditDefinitions<EditType> = {
  ...NODE_EDITS,
  ...EDGE_EDITS,
  ...RESTORE_EDITS,
  ...LAYER_EDITS,
  ...MAP_EDITS,
  ...TEMPLATE_EDITS,
  ...SECTION_EDITS,
};

/** The definition of an edit, typed for that edit. */
export function definitionOf<K extends EditType>(edit: EditOf<K>): EditDefinition<K> {
  return EDITS[edit.type];
}

/** Applies a local edit the way the server will. */
export function applyEdit(d: Draft, edit: Edit, ctx: ApplyContext): void {
  definitionOf(edit).apply(d, edit, ctx);
}

/** The edits that undo `edit`, from the values before it and the view after it. */
export function inverseOf(edit: Edit, c: InverseContext): Edit[] {
  return definitionOf(edit).inverse(edit, c);
}

export type { EditDefinition, EditFamily, Messages, PatchBuilder, SaveGroup, SendContext } from './definition';

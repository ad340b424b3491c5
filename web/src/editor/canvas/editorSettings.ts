// The editor's settings of this browser (kept in localStorage): the last shape the add-node tool
// placed and whether the minimap is shown. The wheel's setting is the map's (src/map), as the
// public map follows it too.
import { ENABLED_SHAPES, type EnabledShape } from '../../api/document';
import { StoredSetting, parseBoolean } from '../../map';

const isShape = (raw: string): EnabledShape | undefined => ENABLED_SHAPES.find((s) => s === raw);

/** The shape the add-node tool takes when chosen without one (N, the toolbar's tool button). */
export const lastShapeSetting = new StoredSetting<EnabledShape>('strata.editor.shape', 'circle', isShape);

export const minimapSetting = new StoredSetting<boolean>('strata.editor.minimap', false, parseBoolean);

// The map document, its changes and the requests that change it, as the server's JSON has them: aliases
// of the types generated from the server's OpenAPI description (schema.ts) and of the runtime lists
// generated beside them (constants.ts), both written by `make api-types`. The description says every
// design field with its kind, values and bounds, from the tables that validate the server's input
// (domain.NodeDesignFields, EdgeDesignFields). Nothing here is written by hand but the names and a few
// type helpers of the editor's own.
import {
  ApiEditingChangeType,
  ApiPublishingChangeType,
  DomainArrowEnd,
  DomainBorderStyle,
  DomainDisabledShape,
  DomainEdgeDesignFields,
  DomainEdgeTextPosition,
  DomainEnabledShape,
  DomainFontStyle,
  DomainGlobalDesignSection,
  DomainMediaRepeat,
  DomainMediaSize,
  DomainNodeDesignFields,
  DomainNodeTextPosition,
  DomainPopupType,
  DomainShape,
  DomainTextAlign,
  DomainTextDecoration,
  EditingExpansion,
} from './constants';
import type { components } from './schema';

export type { DesignFieldSpec } from './constants';

/** The types generated from the server's OpenAPI description (make api-types). */
type ApiSchemas = components['schemas'];

// ---------------------------------------------------------------------------------------------
// Enumerations

export const ENABLED_SHAPES = DomainEnabledShape;
/** Shapes a stored node may have but that cannot be created or chosen yet. */
export const DISABLED_SHAPES = DomainDisabledShape;
export const SHAPES = DomainShape;
export const NODE_TEXT_POSITIONS = DomainNodeTextPosition;
export const EDGE_TEXT_POSITIONS = DomainEdgeTextPosition;
export const MEDIA_REPEATS = DomainMediaRepeat;
/** The map background's media sizes (a node's media_size is a number). */
export const MEDIA_SIZES = DomainMediaSize;
export const ARROW_ENDS = DomainArrowEnd;
export const BORDER_STYLES = DomainBorderStyle;
export const TEXT_ALIGNS = DomainTextAlign;
export const FONT_STYLES = DomainFontStyle;
export const TEXT_DECORATIONS = DomainTextDecoration;
export const POPUP_TYPES = DomainPopupType;
export const EXPANSIONS = EditingExpansion;
export const GLOBAL_DESIGN_SECTIONS = DomainGlobalDesignSection;

export type EnabledShape = ApiSchemas['DomainEnabledShape'];
export type DisabledShape = ApiSchemas['DomainDisabledShape'];
export type Shape = ApiSchemas['DomainShape'];
export type NodeTextPosition = ApiSchemas['DomainNodeTextPosition'];
export type EdgeTextPosition = ApiSchemas['DomainEdgeTextPosition'];
export type MediaRepeat = ApiSchemas['DomainMediaRepeat'];
export type MediaSize = ApiSchemas['DomainMediaSize'];
export type ArrowEnd = ApiSchemas['DomainArrowEnd'];
export type BorderStyle = ApiSchemas['DomainBorderStyle'];
export type TextAlign = ApiSchemas['DomainTextAlign'];
export type FontStyle = ApiSchemas['DomainFontStyle'];
export type TextDecoration = ApiSchemas['DomainTextDecoration'];
export type PopupType = ApiSchemas['DomainPopupType'];
export type Expansion = ApiSchemas['EditingExpansion'];
export type GlobalDesignSection = ApiSchemas['DomainGlobalDesignSection'];

/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` or `transparent`. */
export type Color = ApiSchemas['DomainColor'];
/** A template's id as a string; `"0"` for none (domain.NoTemplate). */
export type TemplateRef = ApiSchemas['DomainTemplateRef'];
export const NO_TEMPLATE: TemplateRef = '0';

// ---------------------------------------------------------------------------------------------
// Designs: sparse. A field that is absent is inherited (from the object's template, then the global
// design); the server drops nulls, so a stored design never has one.

export type NodeDesign = ApiSchemas['DomainNodeDesign'];
export type EdgeDesign = ApiSchemas['DomainEdgeDesign'];

/** Every node design field with its value type: a design resolved against its defaults. */
export type NodeDesignValues = Required<NodeDesign>;
export type EdgeDesignValues = Required<EdgeDesign>;

/** A design change: a value sets the field, null makes it inherited again, absent leaves it. */
export type NodeDesignPatch = ApiSchemas['DomainNodeDesignPatch'];
export type EdgeDesignPatch = ApiSchemas['DomainEdgeDesignPatch'];

type SpecOf<V> = [V] extends [boolean]
  ? { kind: 'boolean' }
  : [V] extends [number]
    ? { kind: 'number'; min: number; max: number }
    : string extends V
      ? { kind: 'color' } | { kind: 'text'; max: number } | { kind: 'url' } | { kind: 'template' }
      : { kind: 'enum'; values: readonly V[] };

/** A field table whose entries agree with the value types of V. */
export type DesignFieldTable<V> = { readonly [K in keyof V]-?: SpecOf<V[K]> };

/** What the server checks each design field's value against (domain.NodeDesignFields). */
export const NODE_DESIGN_FIELDS: DesignFieldTable<NodeDesignValues> = DomainNodeDesignFields;
/** What the server checks each edge design field's value against (domain.EdgeDesignFields). */
export const EDGE_DESIGN_FIELDS: DesignFieldTable<EdgeDesignValues> = DomainEdgeDesignFields;

// ---------------------------------------------------------------------------------------------
// The document

export type Point = ApiSchemas['DomainPoint'];
/** The zoom levels an element shows on, 1-based and inclusive. */
export type Visibility = ApiSchemas['DomainVisibility'];
export type NodeGeometry = ApiSchemas['DomainNodeGeometry'];
/** A node's content in one language; empty fields are left out. */
export type NodeContent = ApiSchemas['DomainNodeContent'];
/** An edge's labels in one language; empty fields (and translated: false) are left out. */
export type EdgeContent = ApiSchemas['DomainEdgeContent'];
/** Content by language; a language never filled in is absent. */
export type ContentByLanguage<C> = Partial<Record<ApiSchemas['DomainLanguage'], C>>;
export type Node = ApiSchemas['DomainNode'];
export type EdgeEnds = ApiSchemas['DomainEdgeEnds'];
export type Edge = ApiSchemas['DomainEdge'];
export type TemplateType = ApiSchemas['DomainTemplateType'];
export type NodeObjectTemplate = ApiSchemas['DomainNodeObjectTemplate'];
export type EdgeObjectTemplate = ApiSchemas['DomainEdgeObjectTemplate'];
export type ObjectTemplate = ApiSchemas['DomainObjectTemplate'];
/** A zoom level's flags; id is the level, 1-based. */
export type Layer = ApiSchemas['DomainLayer'];
/** The map-wide design by section; nodes and edges are the defaults inherited values resolve to. */
export type GlobalDesign = ApiSchemas['DomainGlobalDesign'];
export type MapDesign = ApiSchemas['DomainMapDesign'];
export type Measurement = ApiSchemas['DomainMeasurement'];
export type Behavior = ApiSchemas['DomainBehavior'];
/** A map's settings (editing.MapSettings), as the document, its changes and map creation carry them. */
export type MapSettings = ApiSchemas['EditingMapSettings'];
/** GET /maps/{id}. */
export type MapDocument = ApiSchemas['ApiMapDocument'];

// ---------------------------------------------------------------------------------------------
// Changes (editing.Delta, the change log, sync_map_edit)

/** The change log's types of editing (editing.Type*). */
export const SYNC_TYPES = ApiEditingChangeType;
/** The change types of publishing: map published, reset; state restored. */
export const PUBLISHING_SYNC_TYPES = ApiPublishingChangeType;
export type PublishingSyncType = ApiSchemas['ApiPublishingChangeType'];
/** Every change type. */
export type SyncType = ApiSchemas['ApiChangeType'];

/** A moved node of node_position: where it is now, nothing else. */
export type NodePosition = ApiSchemas['EditingNodePosition'];
/** The data of every change type: the new state of what it touched and what it removed. */
export type Delta = ApiSchemas['EditingDelta'];
/** What to restore of what was deleted (POST /maps/{id}/restorations): ids as they were. */
export type Restoration = ApiSchemas['EditingRestoration'];
/** A deleted level put back at its place, with the ranges of what its deletion changed. */
export type LevelRestoration = ApiSchemas['EditingLevelRestoration'];
/** An element's range as it was before a level was deleted. */
export type LevelRange = ApiSchemas['EditingLevelRange'];
/** The publishing part of a change's data. */
export type PublicationDelta = ApiSchemas['EditingPublicationState'];
/** One row of GET /maps/{id}/changes. */
export type Change = ApiSchemas['ApiChangeJSON'];
/** One page of GET /maps/{id}/changes: next_cursor asks for the next, null on the last. */
export type ChangePage = ApiSchemas['ApiChangesAnswer'];
/** The changes after a revision; once every page is read, every change up to `revision`. */
export type ChangeList = Omit<ChangePage, 'next_cursor'>;

// ---------------------------------------------------------------------------------------------
// Requests

/** A partial visibility: the fields given replace the element's. */
export type VisibilityPatch = ApiSchemas['EditingVisibilityPatch'];
/** Content fields to set, per language; absent (or null) leaves a field as it is, "" empties it. */
export type NodeContentPatch = ApiSchemas['EditingNodeContentPatch'];
export type EdgeContentPatch = ApiSchemas['EditingEdgeContentPatch'];
/** One node's changes; id-only patches set the drawing order; a locked node takes only editing.locked. */
export type NodePatch = ApiSchemas['EditingNodePatch'];
export type EdgePatch = ApiSchemas['EditingEdgePatch'];
/** A layer's flags, or its deletion (what lies only on it goes, the levels above move down). */
export type LevelPatch = ApiSchemas['EditingLevelPatch'];
/** Applies to every edge of the map. */
export type AllEdgesPatch = ApiSchemas['EditingAllEdgesPatch'];
/** A partial map design; media and media_url take "" to clear them. */
export type MapDesignPatch = ApiSchemas['EditingMapDesignPatch'];
/** PATCH /maps/{id}, and the `map` part of the elements patch. */
export type MapPatch = ApiSchemas['EditingMapPatch'];
/** PATCH /maps/{id}/elements: any mix of parts, in one transaction, all or nothing. */
export type ElementsPatch = ApiSchemas['EditingElementsPatch'];
/** PATCH /maps/{id}/global: the sections given. */
export type GlobalDesignPatch = ApiSchemas['DomainGlobalDesignPatch'];
/** POST /maps/{id}/nodes. Without visibility the node shows on every level. */
export type NodeCreate = ApiSchemas['EditingNewNode'];
/** POST /maps/{id}/nodes/clone; the offset defaults to 30, 30. */
export type NodeClone = ApiSchemas['ApiNodeCloneRequest'];
/** POST /maps/{id}/edges/. The edge's range is the overlap of its nodes' ranges; a visibility may narrow it. */
export type EdgeCreate = ApiSchemas['EditingNewEdge'];
/** The answer of a change with no other body. */
export type RevisionAnswer = ApiSchemas['ApiRevisionAnswer'];
/** The answers of calls that create or change one element: the element with the new revision. */
export type NodeAnswer = ApiSchemas['ApiNodeAnswer'];
export type EdgeAnswer = ApiSchemas['ApiEdgeAnswer'];
export type TemplateAnswer = ApiSchemas['ApiTemplateAnswer'];
/** POST /maps/{id}/templates/objects/: a design, or one taken from an object (which then follows it). */
export type TemplateCreate = ApiSchemas['EditingNewTemplate'];
/** PATCH /maps/{id}/templates/objects/{templateId}; its objects follow at once. */
export type TemplatePatch = ApiSchemas['EditingTemplatePatch'];
export type TemplateList = ApiSchemas['ApiObjectTemplatesAnswer'];

/** A user's access to one map. */
export type MapAccess = ApiSchemas['DomainAccess'];

/** GET/PATCH /maps/{id}/permissions: user path ("/api/v1/users/12") to access. */
export type MapPermissions = ApiSchemas['ApiPermissionsBody'];

/** POST /clients/{name}/maps: a map or a map template, from scratch or a template. */
export type MapCreate = ApiSchemas['ApiNewMapRequest'];

/** POST /maps/{id}/clone; without a name the copy is named after the original. */
export type MapClone = ApiSchemas['ApiMapCloneRequest'];

// The map document and its changes, as the server's JSON has them (Go: internal/domain/document.go,
// internal/domain/design.go, internal/editing/{service,patch,mapsettings,content,nodes,edges,
// templates}.go, internal/api/maps.go). The enumerations are runtime lists too, for the editor's
// choices; document.test.ts checks the design ones against the Go source (Go keeps design values
// in maps of JSON, so the description cannot list them) and the change types against the
// description.
//
// The plain structures and the change types alias the generated types (schema.ts). Still written
// by hand: the design values, content and global design (maps of JSON in Go: the description says
// only "object"), the node, edge, template and document types built on them, and the patches
// whose Go bools lack omitempty, which the description would wrongly make required.
import type { components } from './schema';
import type { Language } from './types';

/** The types generated from the server's OpenAPI description (make api-types). */
type ApiSchemas = components['schemas'];

// ---------------------------------------------------------------------------------------------
// Enumerations (domain.design.go, editing/mapsettings.go)

export const ENABLED_SHAPES = ['circle', 'rectangle'] as const;
/** Shapes a stored node may have but that cannot be created or chosen yet. */
export const DISABLED_SHAPES = [
  'triangle_top',
  'triangle_bottom',
  'rhombus',
  'parallelogram',
  'hexagon_hor',
  'hexagon_vert',
  'pentagon',
  'star',
  'trapezoid_top',
  'trapezoid_bottom',
] as const;
export const SHAPES = [...ENABLED_SHAPES, ...DISABLED_SHAPES] as const;
export const NODE_TEXT_POSITIONS = [
  'top-left',
  'top',
  'top-right',
  'left',
  'center',
  'right',
  'bottom-left',
  'bottom',
  'bottom-right',
] as const;
export const EDGE_TEXT_POSITIONS = ['top', 'center', 'bottom'] as const;
export const MEDIA_REPEATS = ['no-repeat', 'repeat', 'repeat-x', 'repeat-y'] as const;
/** The map background's media sizes (a node's media_size is a number). */
export const MEDIA_SIZES = ['fill', 'cover', 'contain', 'none'] as const;
export const ARROW_ENDS = ['none', 'sharp', 'straight', 'wide', 'dot'] as const;
export const BORDER_STYLES = ['solid', 'dashed', 'dotted'] as const;
export const TEXT_ALIGNS = ['left', 'center', 'right'] as const;
export const FONT_STYLES = ['normal', 'italic'] as const;
export const TEXT_DECORATIONS = ['none', 'underline', 'line-through'] as const;
export const POPUP_TYPES = [
  'popup-small',
  'detached-small',
  'detached-medium',
  'detached-large',
  'side-panel-small',
  'side-panel-large',
] as const;
export const EXPANSIONS = ['both', 'horizontal', 'vertical', 'none'] as const;

export type EnabledShape = (typeof ENABLED_SHAPES)[number];
export type DisabledShape = (typeof DISABLED_SHAPES)[number];
export type Shape = EnabledShape | DisabledShape;
export type NodeTextPosition = (typeof NODE_TEXT_POSITIONS)[number];
export type EdgeTextPosition = (typeof EDGE_TEXT_POSITIONS)[number];
export type MediaRepeat = (typeof MEDIA_REPEATS)[number];
export type MediaSize = (typeof MEDIA_SIZES)[number];
export type ArrowEnd = (typeof ARROW_ENDS)[number];
export type BorderStyle = (typeof BORDER_STYLES)[number];
export type TextAlign = (typeof TEXT_ALIGNS)[number];
export type FontStyle = (typeof FONT_STYLES)[number];
export type TextDecoration = (typeof TEXT_DECORATIONS)[number];
export type PopupType = (typeof POPUP_TYPES)[number];
export type Expansion = (typeof EXPANSIONS)[number];

/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` or `transparent`. */
export type Color = string;
/** A template's id as a string; `"0"` for none (domain.NoTemplate). */
export type TemplateRef = string;
export const NO_TEMPLATE: TemplateRef = '0';

// ---------------------------------------------------------------------------------------------
// Designs (domain.Design): sparse. A field that is absent is inherited (from the object's
// template, then the global design); the server drops nulls, so a stored design never has one.

/** Every node design field with its value type (domain.NodeDesignFields). */
export interface NodeDesignValues {
  shape: Shape;
  object_template: TemplateRef;
  bg_enabled: boolean;
  bg_color: Color;
  border_enabled: boolean;
  border_color: Color;
  border_style: BorderStyle;
  border_width: number;
  shadow_enabled: boolean;
  shadow_x: number;
  shadow_y: number;
  shadow_blur: number;
  shadow_color: Color;
  width: number;
  height: number;
  rotate: number;
  title_position: NodeTextPosition;
  text_align: TextAlign;
  line_height: number;
  /** An http(s) address or a path on this site; "" for none. */
  font_url: string;
  font_family: string;
  font_weight: number;
  font_style: FontStyle;
  font_size: number;
  font_color: Color;
  text_decoration: TextDecoration;
  /** A media key; excludes media_url (setting one clears the other). */
  media: string;
  media_url: string;
  media_cropped: boolean;
  /** A percentage, 1–1000 (the map background's media_size is an enumeration instead). */
  media_size: number;
  media_opacity: number;
}

/** Every edge design field with its value type (domain.EdgeDesignFields). */
export interface EdgeDesignValues {
  object_template: TemplateRef;
  border_color: Color;
  border_style: BorderStyle;
  border_width: number;
  border_enabled: boolean;
  line_start: ArrowEnd;
  line_start_size: number;
  line_end: ArrowEnd;
  line_end_size: number;
  font_color: Color;
  font_size: number;
  font_family: string;
  font_weight: number;
  font_style: FontStyle;
  font_url: string;
  line_height: number;
  paragraph_spacing: number;
  text_position: EdgeTextPosition;
  text_align: TextAlign;
  text_decoration: TextDecoration;
  shadow_enabled: boolean;
  shadow_color: Color;
  shadow_x: number;
  shadow_y: number;
  shadow_blur: number;
}

export type NodeDesign = Partial<NodeDesignValues>;
export type EdgeDesign = Partial<EdgeDesignValues>;

/** A design change: a value sets the field, null makes it inherited again, absent leaves it. */
export type DesignPatch<V> = { [K in keyof V]?: V[K] | null };
export type NodeDesignPatch = DesignPatch<NodeDesignValues>;
export type EdgeDesignPatch = DesignPatch<EdgeDesignValues>;

/** What the server checks a design field's value against (domain.design.go's field table). */
export type DesignFieldSpec =
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'boolean' }
  | { kind: 'color' }
  | { kind: 'text'; max: number }
  | { kind: 'url' }
  | { kind: 'template' };

type SpecOf<V> = [V] extends [boolean]
  ? { kind: 'boolean' }
  : [V] extends [number]
    ? { kind: 'number'; min: number; max: number }
    : string extends V
      ? { kind: 'color' } | { kind: 'text'; max: number } | { kind: 'url' } | { kind: 'template' }
      : { kind: 'enum'; values: readonly V[] };

/** A field table whose entries agree with the value types of V. */
export type DesignFieldTable<V> = { readonly [K in keyof V]-?: SpecOf<V[K]> };

const num = (min: number, max: number) => ({ kind: 'number', min, max }) as const;
const BOOLEAN = { kind: 'boolean' } as const;
const COLOR = { kind: 'color' } as const;
const URL_FIELD = { kind: 'url' } as const;
const TEMPLATE = { kind: 'template' } as const;

export const NODE_DESIGN_FIELDS: DesignFieldTable<NodeDesignValues> = {
  shape: { kind: 'enum', values: SHAPES },
  object_template: TEMPLATE,
  bg_enabled: BOOLEAN,
  bg_color: COLOR,
  border_enabled: BOOLEAN,
  border_color: COLOR,
  border_style: { kind: 'enum', values: BORDER_STYLES },
  border_width: num(0, 50),
  shadow_enabled: BOOLEAN,
  shadow_x: num(-200, 200),
  shadow_y: num(-200, 200),
  shadow_blur: num(0, 200),
  shadow_color: COLOR,
  width: num(1, 10000),
  height: num(1, 10000),
  rotate: num(-360, 360),
  title_position: { kind: 'enum', values: NODE_TEXT_POSITIONS },
  text_align: { kind: 'enum', values: TEXT_ALIGNS },
  line_height: num(0.5, 5),
  font_url: URL_FIELD,
  font_family: { kind: 'text', max: 100 },
  font_weight: num(100, 900),
  font_style: { kind: 'enum', values: FONT_STYLES },
  font_size: num(0, 400),
  font_color: COLOR,
  text_decoration: { kind: 'enum', values: TEXT_DECORATIONS },
  media: { kind: 'text', max: 500 },
  media_url: URL_FIELD,
  media_cropped: BOOLEAN,
  media_size: num(1, 1000),
  media_opacity: num(0, 100),
};

export const EDGE_DESIGN_FIELDS: DesignFieldTable<EdgeDesignValues> = {
  object_template: TEMPLATE,
  border_color: COLOR,
  border_style: { kind: 'enum', values: BORDER_STYLES },
  border_width: num(0, 50),
  border_enabled: BOOLEAN,
  line_start: { kind: 'enum', values: ARROW_ENDS },
  line_start_size: num(1, 1000),
  line_end: { kind: 'enum', values: ARROW_ENDS },
  line_end_size: num(1, 1000),
  font_color: COLOR,
  font_size: num(0, 200),
  font_family: { kind: 'text', max: 100 },
  font_weight: num(100, 900),
  font_style: { kind: 'enum', values: FONT_STYLES },
  font_url: URL_FIELD,
  line_height: num(0.5, 5),
  paragraph_spacing: num(0, 100),
  text_position: { kind: 'enum', values: EDGE_TEXT_POSITIONS },
  text_align: { kind: 'enum', values: TEXT_ALIGNS },
  text_decoration: { kind: 'enum', values: TEXT_DECORATIONS },
  shadow_enabled: BOOLEAN,
  shadow_color: COLOR,
  shadow_x: num(-200, 200),
  shadow_y: num(-200, 200),
  shadow_blur: num(0, 200),
};

// ---------------------------------------------------------------------------------------------
// The document (domain.Node, domain.Edge, domain.ObjectTemplate, domain.Layer, editing.MapSettings)

export type Point = ApiSchemas['DomainPoint'];

/** The zoom levels an element shows on, 1-based and inclusive. */
export type Visibility = ApiSchemas['DomainVisibility'];

export interface NodeGeometry {
  /** Mirrors design.shape. */
  shape: Shape;
  center: Point;
}

/** A node's content in one language; empty fields are left out. */
export interface NodeContent {
  title?: string;
  abstract?: string;
  /** Sanitised HTML. */
  content?: string;
  short_content?: string;
  marginal_content_1?: string;
  marginal_content_2?: string;
  node_link_to?: string;
  node_search_terms?: string;
  seo_description?: string;
  /**
   * Only in a map's document, which carries a summary of each node's content
   * (title, search terms, link): true when the node has more, read with getNode.
   */
  has_more?: boolean;
}

/** An edge's labels in one language; empty fields (and translated: false) are left out. */
export interface EdgeContent {
  start?: string;
  middle?: string;
  end?: string;
  translated?: boolean;
}

/** Content by language; a language never filled in is absent. */
export type ContentByLanguage<C> = Partial<Record<Language, C>>;

export interface Node {
  id: number;
  /** The template the node follows ("0" for none); design.object_template says the same. */
  template: TemplateRef;
  design: NodeDesign;
  geometry: NodeGeometry;
  visibility: Visibility;
  content: ContentByLanguage<NodeContent>;
  next_id: number | null;
  previous_id: number | null;
  popup_type: PopupType;
  editing: { locked: boolean };
  /** Drawing order: higher is drawn on top. */
  order: number;
}

export type EdgeEnds = ApiSchemas['DomainEdgeEnds'];

export interface Edge {
  id: number;
  node: EdgeEnds;
  name: string;
  /** Free text, "" for every edge the server makes today. */
  type: string;
  template: TemplateRef;
  design: EdgeDesign;
  content: ContentByLanguage<EdgeContent>;
  visibility: Visibility;
  locked: boolean;
}

export type TemplateType = 'node' | 'edge';

export interface NodeObjectTemplate {
  id: number;
  name: string;
  type: 'node';
  /** Never has object_template: a template does not follow another. */
  design: NodeDesign;
}

export interface EdgeObjectTemplate {
  id: number;
  name: string;
  type: 'edge';
  design: EdgeDesign;
}

export type ObjectTemplate = NodeObjectTemplate | EdgeObjectTemplate;

/** A zoom level's flags; id is the level, 1-based. */
export type Layer = ApiSchemas['DomainLayer'];

export const GLOBAL_DESIGN_SECTIONS = ['nodes', 'edges', 'popups', 'tooltips', 'table_of_contents', 'templates'] as const;
export type GlobalDesignSection = (typeof GLOBAL_DESIGN_SECTIONS)[number];

/**
 * The map-wide design by section. `nodes` and `edges` are the defaults that inherited design
 * values resolve to (validated like designs); the other sections are stored as the client gave them.
 */
export interface GlobalDesign {
  nodes: NodeDesign;
  edges: EdgeDesign;
  popups: Record<string, unknown>;
  tooltips: Record<string, unknown>;
  table_of_contents: Record<string, unknown>;
  templates: Record<string, unknown>;
}

export interface MapDesign {
  expansion: Expansion;
  bg_color: Color;
  /** A media key, or null; excludes media_url. */
  media: string | null;
  media_url: string | null;
  media_position: NodeTextPosition;
  media_repeat: MediaRepeat;
  media_size: MediaSize;
  media_opacity: number;
}

export type Measurement = ApiSchemas['DomainMeasurement'];

export type Behavior = ApiSchemas['DomainBehavior'];

/** A map's settings (editing.MapSettings), as the document, its changes and map creation carry them. */
export interface MapSettings {
  id: number;
  name: string;
  description: string;
  measurement: Measurement;
  design: MapDesign;
  visibility_levels: number;
  behavior: Behavior;
  languages: Language[];
  updated_at: string;
}

/** GET /maps/{id}. */
export interface MapDocument {
  map: MapSettings;
  nodes: Node[];
  edges: Edge[];
  object_templates: ObjectTemplate[];
  global_design: GlobalDesign;
  layers: Layer[];
  revision: number;
}

// ---------------------------------------------------------------------------------------------
// Changes (editing.Delta, the change log, sync_map_edit)

/** The change log's types (editing.Type*). */
export const SYNC_TYPES = [
  'map',
  'node_position',
  'node_removed',
  'node_cloned',
  'node_created',
  'node_design',
  'node_content',
  'node_visibility',
  'node_hidden',
  'node_locked',
  'node_order',
  'node_templates',
  'edge_created',
  'edge_removed',
  'edge_all_removed',
  'edge_design',
  'edge_content',
  'edge_visibility',
  'edge_locked',
  'edge_templates',
  'global_design',
  'object_templates',
  'layer_removed',
  'layer_hidden',
  'layer_locked',
  'elements_restored',
] as const satisfies readonly SyncType[];

/** The change types of publishing (editing/versions.go): map published, reset; state restored. */
export const PUBLISHING_SYNC_TYPES = ['map_published', 'map_reset', 'state_restored'] as const satisfies readonly SyncType[];
export type PublishingSyncType = (typeof PUBLISHING_SYNC_TYPES)[number];

/** Every change type, as the description lists them; document.test.ts holds the two lists above to it. */
export type SyncType = ApiSchemas['ApiChangeType'];

/** A moved node of node_position: where it is now, nothing else. */
export interface NodePosition {
  id: number;
  center: Point;
}

/**
 * The data of every change type: the new state of what it touched and what it removed. Only the
 * parts a change touched are present; nodes, edges and templates are whole.
 */
export interface Delta {
  map?: MapSettings;
  layers?: Layer[];
  global_design?: GlobalDesign;
  nodes?: Node[];
  edges?: Edge[];
  templates?: ObjectTemplate[];
  removed_node_ids?: number[];
  removed_edge_ids?: number[];
  removed_template_ids?: number[];
  positions?: NodePosition[];
  /** Node ids in their new drawing order (node_order). */
  order?: number[];
  /** With map_published, map_reset and state_restored: the live state after the change. */
  publication?: PublicationDelta;
}

/** What to restore of what was deleted (POST /maps/{id}/restorations): ids as they were. */
export type Restoration = ApiSchemas['EditingRestoration'];

/** A deleted level put back at its place, with the ranges of what its deletion changed. */
export type LevelRestoration = ApiSchemas['EditingLevelRestoration'];

/** An element's range as it was before a level was deleted. */
export type LevelRange = ApiSchemas['EditingLevelRange'];

/** The publishing part of a change's data. */
export interface PublicationDelta {
  /** The live version after the change; null when it was taken down. */
  live_version_id: number | null;
  /** The revision at which the working copy last equalled the live version. */
  synced_revision: number;
  /** The version the change published or restored. */
  version?: { id: number; name: string };
}

/** One row of GET /maps/{id}/changes. */
export interface Change {
  revision: number;
  /** Null for a change no user made. */
  user_id: number | null;
  type: SyncType;
  data: Delta;
  /** RFC 3339 with milliseconds. */
  at: string;
}

/** The changes after a revision; once every page is read, every change up to `revision`. */
export interface ChangeList {
  revision: number;
  changes: Change[];
}

/** One page of GET /maps/{id}/changes: next_cursor asks for the next, null on the last. */
export interface ChangePage extends ChangeList {
  next_cursor: string | null;
}

// ---------------------------------------------------------------------------------------------
// Requests

/** A partial visibility: the fields given replace the element's. */
export interface VisibilityPatch {
  min_level?: number;
  max_level?: number;
  hidden?: boolean;
}

/** Content fields to set, per language; absent (or null) leaves a field as it is, "" empties it. */
export type NodeContentPatch = { [K in keyof NodeContent]?: NodeContent[K] | null };
export type EdgeContentPatch = { [K in keyof EdgeContent]?: EdgeContent[K] | null };

/**
 * One node's changes. A list of patches with only ids sets the drawing order; a list with only
 * geometry.center moves nodes (the fast path of dragging). A locked node takes nothing but
 * editing.locked.
 */
export interface NodePatch {
  id: number;
  design?: NodeDesignPatch;
  content?: ContentByLanguage<NodeContentPatch>;
  visibility?: VisibilityPatch;
  geometry?: { center?: Point };
  editing?: { locked?: boolean };
  /** null clears the link; absent leaves it. */
  next_id?: number | null;
  previous_id?: number | null;
  popup_type?: PopupType;
  /** Clears the node's overrides so that it follows its template wholly. */
  restore_template?: boolean;
}

export interface EdgePatch {
  id: number;
  delete?: boolean;
  name?: string;
  design?: EdgeDesignPatch;
  content?: ContentByLanguage<EdgeContentPatch>;
  visibility?: VisibilityPatch;
  locked?: boolean;
  restore_template?: boolean;
}

/** A layer's flags, or its deletion (what lies only on it goes, the levels above move down). */
export interface LevelPatch {
  id: number;
  hidden?: boolean;
  locked?: boolean;
  delete?: boolean;
}

/** Applies to every edge of the map. */
export interface AllEdgesPatch {
  hidden?: boolean;
  locked?: boolean;
  delete?: boolean;
}

/** A partial map design; media and media_url take "" to clear them. */
export interface MapDesignPatch {
  expansion?: Expansion;
  bg_color?: Color;
  media?: string;
  media_url?: string;
  media_position?: NodeTextPosition;
  media_repeat?: MediaRepeat;
  media_size?: MediaSize;
  media_opacity?: number;
}

/** PATCH /maps/{id}, and the `map` part of the elements patch. */
export interface MapPatch {
  name?: string;
  description?: string;
  design?: MapDesignPatch;
  measurement?: Measurement;
  visibility_levels?: number;
  behavior?: Behavior;
  languages?: Language[];
}

/** PATCH /maps/{id}/elements: any mix of parts, in one transaction, all or nothing. */
export interface ElementsPatch {
  map?: MapPatch;
  levels?: LevelPatch[];
  nodes?: NodePatch[];
  edges?: EdgePatch[];
  all_edges?: AllEdgesPatch;
}

/**
 * PATCH /maps/{id}/global: the sections given. `nodes` and `edges` are merged like design patches
 * (null inherits the built-in default); the other sections replace the stored ones.
 */
export interface GlobalDesignPatch {
  nodes?: NodeDesignPatch;
  edges?: EdgeDesignPatch;
  popups?: Record<string, unknown>;
  tooltips?: Record<string, unknown>;
  table_of_contents?: Record<string, unknown>;
  templates?: Record<string, unknown>;
}

/** POST /maps/{id}/nodes. Without visibility the node shows on every level. */
export interface NodeCreate {
  design: { shape: EnabledShape; object_template?: TemplateRef };
  geometry: { center: Point };
  visibility?: Visibility;
}

/** POST /maps/{id}/nodes/clone; the offset defaults to 30, 30. */
export type NodeClone = ApiSchemas['ApiNodeCloneRequest'];

/**
 * POST /maps/{id}/edges/. The edge's range is the overlap of its nodes' ranges; a visibility given
 * may narrow it.
 */
export interface EdgeCreate {
  node: EdgeEnds;
  visibility?: Visibility;
  design?: { object_template?: TemplateRef };
}

/** The answer of a change with no other body. */
export type RevisionAnswer = ApiSchemas['ApiRevisionAnswer'];

/** The answers of calls that create or change one element: the element with the new revision. */
export type NodeAnswer = Node & RevisionAnswer;
export type EdgeAnswer = Edge & RevisionAnswer;
export type TemplateAnswer = ObjectTemplate & RevisionAnswer;

type TemplateDesignPatch<V> = Omit<DesignPatch<V>, 'object_template'>;

/** POST /maps/{id}/templates/objects/: a design, or one taken from an object (which then follows it). */
export type TemplateCreate =
  | { name: string; type: 'node'; design?: TemplateDesignPatch<NodeDesignValues>; from_node_id?: number }
  | { name: string; type: 'edge'; design?: TemplateDesignPatch<EdgeDesignValues>; from_edge_id?: number };

/** PATCH /maps/{id}/templates/objects/{templateId}; its objects follow at once. */
export interface TemplatePatch {
  name?: string;
  design?: TemplateDesignPatch<NodeDesignValues> | TemplateDesignPatch<EdgeDesignValues>;
}

export interface TemplateList {
  object_templates: ObjectTemplate[];
}

/** A user's access to one map. */
export type MapAccess = ApiSchemas['DomainAccess'];

/** GET/PATCH /maps/{id}/permissions: user path ("/api/v1/users/12") to access. */
export type MapPermissions = ApiSchemas['ApiPermissionsBody'];

/** POST /clients/{name}/maps. */
export interface MapCreate {
  name: string;
  description: string;
  measurement: Measurement;
  /** 1 to 12. */
  visibility_levels: number;
}

/** POST /maps/{id}/clone; without a name the copy is named after the original. */
export type MapClone = ApiSchemas['ApiMapCloneRequest'];

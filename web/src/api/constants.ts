// Generated from openapi.json by scripts/api-constants.mjs (make api-types): do not edit.

/** What a design field's value may be (x-design-field in the description). */
export type DesignFieldSpec =
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'text'; max: number }
  | { kind: 'boolean' }
  | { kind: 'color' }
  | { kind: 'url' }
  | { kind: 'template' };

export const ApiChangeType = [
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
  'editors_note',
  'glossary',
  'references',
  'header',
  'toc',
  'social_sharing',
  'cookie_consent',
  'quiz',
  'quiz_removed',
  'map_published',
  'map_reset',
  'state_restored',
] as const;

/** The change types of editing. */
export const ApiEditingChangeType = [
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
  'editors_note',
  'glossary',
  'references',
  'header',
  'toc',
  'social_sharing',
  'cookie_consent',
  'quiz',
  'quiz_removed',
] as const;

/** The change types of publishing: map published, reset; state restored. */
export const ApiPublishingChangeType = ['map_published', 'map_reset', 'state_restored'] as const;

export const DomainAccess = ['none', 'read', 'edit'] as const;

export const DomainAccessMode = ['limited', 'partial', 'accessible'] as const;

export const DomainArrowEnd = ['none', 'sharp', 'straight', 'wide', 'dot'] as const;

export const DomainBorderStyle = ['solid', 'dashed', 'dotted'] as const;

/** Shapes a stored node may have but that cannot be created or chosen yet. */
export const DomainDisabledShape = [
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

export const DomainEdgeTextPosition = ['top', 'center', 'bottom'] as const;

/** The shapes a node can be created with or changed to. */
export const DomainEnabledShape = ['circle', 'rectangle'] as const;

export const DomainFontStyle = ['normal', 'italic'] as const;

/** The sections of the map-wide design. */
export const DomainGlobalDesignSection = ['nodes', 'edges', 'popups', 'tooltips', 'table_of_contents', 'templates'] as const;

export const DomainLanguage = ['en', 'de', 'fr'] as const;

export const DomainLinkTarget = ['new_window', 'same_window', 'map_frame', 'embedding_window'] as const;

export const DomainLiveStatus = ['not_published', 'changed', 'up_to_date'] as const;

export const DomainMediaContainer = ['narrow_panel', 'wide_panel', 'detached_box', 'map_icon', 'background_image'] as const;

export const DomainMediaPlace = ['node', 'map_background', 'header_logo', 'object_template', 'node_defaults', 'published_version'] as const;

/** How the map's background picture repeats. */
export const DomainMediaRepeat = ['no-repeat', 'repeat', 'repeat-x', 'repeat-y'] as const;

/** The map background's picture size (a node's media_size is a number). */
export const DomainMediaSize = ['fill', 'cover', 'contain', 'none'] as const;

export const DomainMediaType = ['image', 'vector', 'video', 'audio', 'other'] as const;

export const DomainNodeTextPosition = [
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

/** How a node's content opens. */
export const DomainPopupType = [
  'popup-small',
  'detached-small',
  'detached-medium',
  'detached-large',
  'side-panel-small',
  'side-panel-large',
] as const;

/** The kinds of quotas. */
export const DomainQuotaKind = ['active_readers', 'editing_user', 'live_map', 'map', 'template', 'user', 'media_storage'] as const;

export const DomainRole = ['admin', 'editor', 'student', 'guest'] as const;

/** Every shape a node may have. */
export const DomainShape = [
  'circle',
  'rectangle',
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

export const DomainSocialNetwork = [
  'facebook',
  'x',
  'linkedin',
  'xing',
  'whatsapp',
  'telegram',
  'mastodon',
  'bluesky',
  'reddit',
  'email',
] as const;

/** What an object template is for. */
export const DomainTemplateType = ['node', 'edge'] as const;

export const DomainTextAlign = ['left', 'center', 'right'] as const;

export const DomainTextDecoration = ['none', 'underline', 'line-through'] as const;

export const DomainVersionKind = ['published', 'saved'] as const;

/** The directions a map may grow in. */
export const EditingExpansion = ['both', 'horizontal', 'vertical', 'none'] as const;

export const LiveColour = ['orange', 'blue-grey', 'golden', 'dusky-rose', 'sea', 'pink', 'greeny-blue', 'pale-teal'] as const;

export const LiveElemType = [
  'node',
  'edge',
  'object_template',
  'map',
  'global_design',
  'cookie_consent',
  'editors_note',
  'embed',
  'glossary',
  'header_bar',
  'table_of_contents',
  'map_access',
  'map_url',
  'media_asset',
  'seo',
  'social_sharing',
  'source',
  'quiz',
  'map_languages',
] as const;

export const LiveErrorCode = [
  'bad_frame',
  'forbidden',
  'not_found',
  'element_locked',
  'conflict',
  'invalid',
  'unavailable',
  'rate_limited',
] as const;

export const LiveExtent = ['appearance', 'content'] as const;

export const LiveReleasedColour = ['orange', 'blue-grey', 'golden', 'dusky-rose', 'sea', 'pink', 'greeny-blue', 'pale-teal', ''] as const;

export const LiveReleasedExtent = ['appearance', 'content', ''] as const;

export const LiveTransientType = ['node_dragging'] as const;

/** The events of LiveClientFrame. */
export const LiveClientFrameEvents = [
  'break_lock',
  'invite_users',
  'join_map_editors',
  'leave_map_editors',
  'request_invitation',
  'start_editing_element',
  'stop_editing_element',
  'submit_map_edit',
  'update_user_state',
] as const;

/** The events of LiveServerFrame. */
export const LiveServerFrameEvents = [
  'access_changed',
  'block_element',
  'connected',
  'duplicate_user_error',
  'error',
  'invited_to_edit',
  'lock_released',
  'requested_invitation',
  'submit_map_edit',
  'sync_map_edit',
  'unblock_element',
  'update_active_edits',
  'updated_user_state',
  'user_joined_map_editors',
  'user_left_map_editors',
] as const;

/** The fields of DomainEdgeDesign. */
export const DomainEdgeDesignFields = {
  border_color: { kind: 'color' },
  border_enabled: { kind: 'boolean' },
  border_style: { kind: 'enum', values: DomainBorderStyle },
  border_width: { kind: 'number', min: 0, max: 50 },
  font_color: { kind: 'color' },
  font_family: { kind: 'text', max: 100 },
  font_size: { kind: 'number', min: 0, max: 200 },
  font_style: { kind: 'enum', values: DomainFontStyle },
  font_url: { kind: 'url' },
  font_weight: { kind: 'number', min: 100, max: 900 },
  line_end: { kind: 'enum', values: DomainArrowEnd },
  line_end_size: { kind: 'number', min: 1, max: 1000 },
  line_height: { kind: 'number', min: 0.5, max: 5 },
  line_start: { kind: 'enum', values: DomainArrowEnd },
  line_start_size: { kind: 'number', min: 1, max: 1000 },
  object_template: { kind: 'template' },
  paragraph_spacing: { kind: 'number', min: 0, max: 100 },
  shadow_blur: { kind: 'number', min: 0, max: 200 },
  shadow_color: { kind: 'color' },
  shadow_enabled: { kind: 'boolean' },
  shadow_x: { kind: 'number', min: -200, max: 200 },
  shadow_y: { kind: 'number', min: -200, max: 200 },
  text_align: { kind: 'enum', values: DomainTextAlign },
  text_decoration: { kind: 'enum', values: DomainTextDecoration },
  text_position: { kind: 'enum', values: DomainEdgeTextPosition },
} as const;

/** The fields of DomainNodeDesign. */
export const DomainNodeDesignFields = {
  bg_color: { kind: 'color' },
  bg_enabled: { kind: 'boolean' },
  border_color: { kind: 'color' },
  border_enabled: { kind: 'boolean' },
  border_style: { kind: 'enum', values: DomainBorderStyle },
  border_width: { kind: 'number', min: 0, max: 50 },
  font_color: { kind: 'color' },
  font_family: { kind: 'text', max: 100 },
  font_size: { kind: 'number', min: 0, max: 400 },
  font_style: { kind: 'enum', values: DomainFontStyle },
  font_url: { kind: 'url' },
  font_weight: { kind: 'number', min: 100, max: 900 },
  height: { kind: 'number', min: 1, max: 10000 },
  line_height: { kind: 'number', min: 0.5, max: 5 },
  media: { kind: 'text', max: 500 },
  media_cropped: { kind: 'boolean' },
  media_opacity: { kind: 'number', min: 0, max: 100 },
  media_size: { kind: 'number', min: 1, max: 1000 },
  media_url: { kind: 'url' },
  object_template: { kind: 'template' },
  rotate: { kind: 'number', min: -360, max: 360 },
  shadow_blur: { kind: 'number', min: 0, max: 200 },
  shadow_color: { kind: 'color' },
  shadow_enabled: { kind: 'boolean' },
  shadow_x: { kind: 'number', min: -200, max: 200 },
  shadow_y: { kind: 'number', min: -200, max: 200 },
  shape: { kind: 'enum', values: DomainShape },
  text_align: { kind: 'enum', values: DomainTextAlign },
  text_decoration: { kind: 'enum', values: DomainTextDecoration },
  title_position: { kind: 'enum', values: DomainNodeTextPosition },
  width: { kind: 'number', min: 1, max: 10000 },
} as const;

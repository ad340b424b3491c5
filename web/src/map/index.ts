// The map drawing shared by the editor and the public map: framework-free; React wraps it.
export * from './constants';
export * from './geometry';
export * from './spatial';
export * from './style';
export { Camera } from './render/camera';
export { Pinch, wheelZoomFactor } from './render/gestures';
export { DOCUMENT_READ_MARK, FIRST_MAP_FRAME_MARK, FirstFrameMarks, MAP_SETTLED_MARK, SCENE_BUILT_MARK, markOpening } from './render/marks';
export type { PinchStep } from './render/gestures';
export { DEFAULT_RENDER_STATE, Renderer } from './render/renderer';
export type { FrameStats, Hit, RenderState, RendererOptions } from './render/renderer';
export { EdgeEntry, NodeEntry, Scene, sceneDocument } from './render/scene';
export type { EdgeLabel, PlacedText, SceneChanges, SceneDocument, SceneOptions, StrokeGroup } from './render/scene';
export { cachedMeasure, cssFont, layoutText, measureWith } from './render/text';
export type { TextBlock } from './render/text';
export { createDomImageLoader } from './render/images';
export type { Context2D, ImageLike, ImageLoader, LoadedImage, Surface, SurfaceFactory, TextMeasure } from './render/types';

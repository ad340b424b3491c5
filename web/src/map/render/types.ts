// The slice of the 2D canvas API the renderer uses. A real CanvasRenderingContext2D (and the
// offscreen one) satisfies it; tests pass a fake that records calls, since Node has no canvas.
import type { MediaRef } from './media';

/** Something with pixels that a 2D context can create and draw into: a canvas or an OffscreenCanvas. */
export interface Surface {
  width: number;
  height: number;
  getContext(contextId: '2d'): Context2D | null;
}

/** What drawImage accepts: a loaded image or one of our surfaces. */
export type ImageLike = CanvasImageSource | Surface;

export interface Context2D {
  globalAlpha: number;
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  lineCap: CanvasLineCap;
  lineJoin: CanvasLineJoin;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  shadowBlur: number;
  shadowColor: string;
  shadowOffsetX: number;
  shadowOffsetY: number;
  imageSmoothingEnabled: boolean;
  save(): void;
  restore(): void;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  translate(x: number, y: number): void;
  rotate(angle: number): void;
  scale(x: number, y: number): void;
  beginPath(): void;
  closePath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number): void;
  rect(x: number, y: number, w: number, h: number): void;
  fill(): void;
  stroke(): void;
  clip(): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  setLineDash(segments: number[]): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
  createPattern(image: ImageLike, repetition: 'repeat' | 'repeat-x' | 'repeat-y' | 'no-repeat'): CanvasPattern | null;
  drawImage(image: ImageLike, dx: number, dy: number): void;
  drawImage(image: ImageLike, dx: number, dy: number, dw: number, dh: number): void;
}

/** Makes the offscreen surfaces node bitmaps are cached in. */
export type SurfaceFactory = (width: number, height: number) => Surface;

/** Width of text in a CSS font, in that font's pixels. */
export type TextMeasure = (text: string, font: string) => number;

/** A loaded image with its natural size. */
export interface LoadedImage {
  image: ImageLike;
  width: number;
  height: number;
}

/**
 * Images of media. get() answers the image at hand for drawing a media `px` device pixels wide
 * (the sharp variant, or another already decoded meanwhile) and null when there is none yet,
 * starting the load of the wanted one; when one becomes ready, the loader calls its onReady with
 * the media's id (media.ts mediaId).
 */
export interface ImageLoader {
  get(ref: MediaRef, px: number): LoadedImage | null;
  onReady: ((id: string) => void) | null;
}

/** Schedules a callback before the next paint (requestAnimationFrame), answering a handle. */
export type FrameScheduler = (callback: () => void) => number;

// Text layout for titles and labels: the CSS font, and greedy word wrapping done once per style
// change (in the scene), never per frame.
import type { FontStyle } from '../../api/document';
import type { Context2D, TextMeasure } from './types';

export interface TextBlock {
  font: string;
  fontSize: number;
  lines: string[];
  widths: number[];
  /** Top of each line, from the top of the block. */
  tops: number[];
  /** Line box height (font size × line height). */
  lineHeight: number;
  width: number;
  height: number;
}

const GENERIC_FAMILIES = new Set(['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui']);

/** The CSS font shorthand; a single family with spaces is quoted so the shorthand parses. */
export function cssFont(style: FontStyle, weight: number, size: number, family: string): string {
  let fam = family.trim() === '' ? 'sans-serif' : family.trim();
  if (!fam.includes(',') && !/["']/.test(fam) && /\s/.test(fam) && !GENERIC_FAMILIES.has(fam)) fam = `"${fam}"`;
  return `${style} ${weight} ${size}px ${fam}`;
}

/**
 * Wraps text to maxWidth: paragraphs at line breaks, lines at spaces; a word wider than the width
 * keeps a line of its own rather than being cut.
 */
export function layoutText(
  text: string,
  maxWidth: number,
  font: string,
  fontSize: number,
  lineHeightFactor: number,
  paragraphSpacing: number,
  measure: TextMeasure,
): TextBlock {
  const lineHeight = fontSize * lineHeightFactor;
  const block: TextBlock = { font, fontSize, lines: [], widths: [], tops: [], lineHeight, width: 0, height: 0 };
  let y = 0;
  const paragraphs = text.split('\n');
  for (let p = 0; p < paragraphs.length; p++) {
    if (p > 0) y += paragraphSpacing;
    const words = (paragraphs[p] ?? '').split(/\s+/).filter((w) => w !== '');
    let line = '';
    let lineWidth = 0;
    const push = (): void => {
      block.lines.push(line);
      block.widths.push(lineWidth);
      block.tops.push(y);
      block.width = Math.max(block.width, lineWidth);
      y += lineHeight;
    };
    if (words.length === 0) {
      push();
      continue;
    }
    const space = measure(' ', font);
    for (const word of words) {
      // Words are measured alone (and cached by the caller): a line's width is their sum.
      const ww = measure(word, font);
      if (line !== '' && lineWidth + space + ww > maxWidth) {
        push();
        line = word;
        lineWidth = ww;
      } else {
        lineWidth = line === '' ? ww : lineWidth + space + ww;
        line = line === '' ? word : `${line} ${word}`;
      }
    }
    push();
  }
  block.height = y;
  return block;
}

/** Remembers widths per font and text: a map's titles repeat their words, and measuring is slow. */
export function cachedMeasure(measure: TextMeasure, limit = 50_000): TextMeasure {
  const fonts = new Map<string, Map<string, number>>();
  return (text, font) => {
    let widths = fonts.get(font);
    if (!widths) fonts.set(font, (widths = new Map<string, number>()));
    let w = widths.get(text);
    if (w === undefined) {
      if (widths.size >= limit) widths.clear();
      w = measure(text, font);
      widths.set(text, w);
    }
    return w;
  };
}

/** A TextMeasure reading a 2D context (the font is set only when it changes). */
export function measureWith(ctx: Pick<Context2D, 'font' | 'measureText'>): TextMeasure {
  let current = '';
  return (text, font) => {
    if (font !== current) {
      ctx.font = font;
      current = font;
    }
    return ctx.measureText(text).width;
  };
}

import { useEffect, useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CanvasController } from '../canvas/canvasController';
import { MinimapDrawing } from './minimapDrawing';
import styles from './Minimap.module.css';

const WIDTH = 200;
const HEIGHT = 140;

/**
 * The whole map small, in a corner over the canvas, with the view's rectangle; a press or a drag
 * on it moves the view there.
 */
export function Minimap({ controller, mapSize }: { controller: CanvasController; mapSize: { width: number; height: number } }) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawingRef = useRef<MinimapDrawing | null>(null);
  const { width: mapWidth, height: mapHeight } = mapSize;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const empty = { minX: 0, minY: 0, maxX: mapWidth || 1000, maxY: mapHeight || 800 };
    const drawing = new MinimapDrawing(canvas, controller.scene, controller.renderer.camera, empty, WIDTH, HEIGHT);
    drawingRef.current = drawing;
    drawing.draw();
    // Every frame of the map may have moved the view.
    const off = controller.subscribeFrame(() => {
      drawing.draw();
    });
    return () => {
      off();
      drawing.dispose();
      drawingRef.current = null;
    };
  }, [controller, mapWidth, mapHeight]);

  const moveView = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const drawing = drawingRef.current;
    if (!drawing) return;
    const r = e.currentTarget.getBoundingClientRect();
    controller.centerOn(drawing.toWorld({ x: e.clientX - r.left, y: e.clientY - r.top }));
  };

  return (
    <div className={styles.minimap} data-testid="minimap">
      <canvas
        ref={canvasRef}
        className={styles.canvas}
        style={{ width: WIDTH, height: HEIGHT }}
        role="img"
        aria-label={t('editor.minimap.label')}
        title={t('editor.minimap.hint')}
        data-testid="minimap-canvas"
        onPointerDown={(e) => {
          if (e.button !== 0) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          moveView(e);
        }}
        onPointerMove={(e) => {
          if (e.currentTarget.hasPointerCapture(e.pointerId)) moveView(e);
        }}
        onPointerUp={(e) => {
          if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
        }}
      />
    </div>
  );
}

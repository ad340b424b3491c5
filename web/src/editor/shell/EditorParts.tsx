import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DISABLED_SHAPES, EnabledShape } from '../../api/document';
import { Button } from '../../layout/Button';
import { Dialog, DialogActions } from '../../layout/Dialog';

export function ShapeIcon({ shape }: { shape: EnabledShape | (typeof DISABLED_SHAPES)[number] }) {
  const paths: Partial<Record<string, string>> = {
    rectangle: 'M3 5h18v14H3z',
    triangle_top: 'M12 3l9 18H3z',
    triangle_bottom: 'M3 3h18l-9 18z',
    rhombus: 'M12 2l10 10-10 10L2 12z',
    parallelogram: 'M7 5h15l-5 14H2z',
    hexagon_hor: 'M7 4h10l5 8-5 8H7l-5-8z',
    hexagon_vert: 'M12 2l9 5v10l-9 5-9-5V7z',
    pentagon: 'M12 2l10 7-4 13H6L2 9z',
    star: 'M12 2l3 7h7l-6 5 2 8-6-5-6 5 2-8-6-5h7z',
    trapezoid_top: 'M7 5h10l5 14H2z',
    trapezoid_bottom: 'M2 5h20l-5 14H7z',
  };
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {shape === 'circle' ? (
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      ) : (
        <path d={paths[shape] ?? ''} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      )}
    </svg>
  );
}

export function ConfirmDialog({
  title,
  text,
  confirm,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirm: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog title={title} onClose={onClose} describedBy={id} testId="confirm-dialog">
      <p id={id}>{text}</p>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('editor.remove.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} autoFocus>
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

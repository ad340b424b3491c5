// The outline view: the map's nodes and edges as a tree (WAI-ARIA tree pattern) for readers and
// authors alike — levels, their nodes in reading order, each node's edges. A virtual list: only
// the rows in sight are in the DOM (aria-level/setsize/posinset say the tree's shape), and the
// rows exist only for what is expanded, so that a map of 20,000 nodes opens at once.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Scene } from '../map/render/scene';
import { levelKey, outlineEntries, outlineGroups, outlineKey, outlineRows, type OutlineRow } from './outline';
import styles from './Outline.module.css';

const ROW_HEIGHT = 30;
const OVERSCAN = 8;
/** A document changing fast (a drag) is listed again at most this often. */
const REFRESH_MS = 300;

interface OutlinePanelProps {
  scene: Scene;
  levels: number;
  /** The editor lists hidden nodes and edges too; the public map does not. */
  includeHidden: boolean;
  /** A node chosen (Enter or a click on it, or on an edge to it). */
  onActivate: (id: number) => void;
  onClose: () => void;
  /** Which side of the map the panel floats on. */
  side: 'start' | 'end';
}

/** Bumped when the scene changes (at most every REFRESH_MS), so that the outline is made again. */
function useSceneVersion(scene: Scene): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let timer: number | undefined;
    const off = scene.subscribe(() => {
      timer ??= window.setTimeout(() => {
        timer = undefined;
        setVersion((v) => v + 1);
      }, REFRESH_MS);
    });
    return () => {
      off();
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [scene]);
  return version;
}

export function OutlinePanel({ scene, levels, includeHidden, onActivate, onClose, side }: OutlinePanelProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const version = useSceneVersion(scene);
  // The scene's nodes as they are at this version (it is mutable; the version says when it changed).
  const snapshot = useMemo(() => ({ scene, version }), [scene, version]);
  const groups = useMemo(() => outlineGroups(outlineEntries(snapshot.scene, levels, includeHidden)), [snapshot, levels, includeHidden]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set([levelKey(1)]));
  const rows = useMemo(() => outlineRows(groups, expanded), [groups, expanded]);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const found = activeKey === null ? -1 : rows.findIndex((r) => r.key === activeKey);
  const active = found >= 0 ? found : 0;
  const treeRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 400 });

  useEffect(() => {
    const el = treeRef.current;
    if (!el) return;
    const measure = () => {
      setView({ top: el.scrollTop, height: el.clientHeight });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      observer.disconnect();
    };
  }, []);

  const toggle = (key: string) => {
    setExpanded((cur) => {
      const next = new Set(cur);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  };
  const choose = (row: OutlineRow) => {
    setActiveKey(row.key);
    if (row.kind === 'level') toggle(row.key);
    else onActivate(row.kind === 'node' ? row.id : row.other);
  };
  /** Makes a row the active one and scrolls it into sight. */
  const moveTo = (index: number) => {
    const row = rows[index];
    const el = treeRef.current;
    if (!row || !el) return;
    setActiveKey(row.key);
    const top = index * ROW_HEIGHT;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_HEIGHT - el.clientHeight;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.key === 'Tab') return;
    // The tree's keys are its own: the map's shortcuts (arrows, Delete, letters) do not see them.
    e.stopPropagation();
    const row = rows[active];
    if (e.key === 'Enter' || e.key === ' ') {
      if (row) choose(row);
    } else if (e.key === 'Escape') {
      onClose();
    } else {
      const move = outlineKey(rows, active, e.key);
      if (!move) return;
      if ('to' in move) moveTo(move.to);
      else toggle(move.toggle);
    }
    e.preventDefault();
  };

  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const rowId = (row: OutlineRow) => `${baseId}-${row.key}`;
  const label = (row: OutlineRow): string => {
    if (row.kind === 'level')
      return `${t('access.outline.level', { level: row.level })} · ${t('access.outline.nodes', { count: row.count })}`;
    const title = row.title.trim() || t('access.untitled');
    if (row.kind === 'node') return title;
    return t(row.out ? 'access.outline.edgeTo' : 'access.outline.edgeFrom', { title });
  };
  const activeRow = rows[active];

  return (
    <aside
      data-over-map=""
      className={`${styles.outline} ${side === 'start' ? styles.start : styles.end}`}
      aria-labelledby={`${baseId}-title`}
      data-testid="outline"
    >
      <header className={styles.header}>
        <h2 id={`${baseId}-title`} className={styles.title}>
          {t('access.outline.title')}
        </h2>
        <button type="button" className={styles.close} aria-label={t('dialog.close')} onClick={onClose}>
          ×
        </button>
      </header>
      <p id={`${baseId}-hint`} className={styles.hint}>
        {t('access.outline.hint')}
      </p>
      {groups.length === 0 ? (
        <p className={styles.hint}>{t('access.outline.empty')}</p>
      ) : (
        <div
          ref={treeRef}
          className={styles.tree}
          role="tree"
          tabIndex={0}
          aria-label={t('access.outline.label')}
          aria-describedby={`${baseId}-hint`}
          aria-activedescendant={activeRow ? rowId(activeRow) : undefined}
          data-testid="outline-tree"
          onKeyDown={onKeyDown}
          onScroll={(e) => {
            const el = e.currentTarget;
            setView({ top: el.scrollTop, height: el.clientHeight });
          }}
        >
          <div role="presentation" className={styles.spacer} style={{ height: rows.length * ROW_HEIGHT }}>
            {rows.slice(first, last).map((row, i) => {
              const index = first + i;
              const expandable = row.kind === 'level' || (row.kind === 'node' && row.expanded !== null);
              const open = row.kind === 'level' ? row.expanded : row.kind === 'node' ? row.expanded === true : undefined;
              return (
                <div
                  key={row.key}
                  id={rowId(row)}
                  role="treeitem"
                  aria-level={row.depth}
                  aria-setsize={row.setSize}
                  aria-posinset={row.posInSet}
                  aria-expanded={expandable ? open : undefined}
                  aria-selected={index === active}
                  data-kind={row.kind}
                  className={[styles.row, styles[`depth${row.depth}`], index === active && styles.active].filter(Boolean).join(' ')}
                  style={{ top: index * ROW_HEIGHT, height: ROW_HEIGHT }}
                  onClick={() => {
                    choose(row);
                  }}
                >
                  {expandable ? (
                    <span
                      className={`${styles.twisty} ${open ? styles.open : styles.closed}`}
                      aria-hidden="true"
                      onClick={(e) => {
                        e.stopPropagation();
                        setActiveKey(row.key);
                        toggle(row.key);
                      }}
                    />
                  ) : (
                    <span className={styles.twisty} aria-hidden="true" />
                  )}
                  <span className={styles.label}>{label(row)}</span>
                </div>
              );
            })}
          </div>
        </div>
      )}
    </aside>
  );
}

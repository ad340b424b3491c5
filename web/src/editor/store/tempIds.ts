// The ids of what local creates make before the server answers: temporary (negative) ids, the
// server's id for each once its create is answered, and those whose create failed.
import { idsOf } from './requests';
import type { Op } from './saveQueue';
import type { ApplyContext } from './state';
import type { Edit } from './types';

export class TempIds {
  /** Temporary id → server id, once a create is answered. */
  readonly #aliases = new Map<number, number>();
  /** Temporary ids whose create failed: edits naming them are dropped. */
  readonly #dead = new Set<number>();
  #next = -1;

  /** The server's id for a temporary one once its create is answered; other ids unchanged. */
  resolve(id: number): number {
    return this.#aliases.get(id) ?? id;
  }

  /** A new temporary id. */
  take(): number {
    return this.#next--;
  }

  /** A temporary id an earlier page gave (kept edits): new ones are below it. */
  reserve(id: number): void {
    this.#next = Math.min(this.#next, id - 1);
  }

  answered(tempId: number, id: number): void {
    this.#aliases.set(tempId, id);
  }

  failed(tempId: number): void {
    this.#dead.add(tempId);
  }

  /** Whether the create of this (temporary) id failed. */
  isDead(id: number): boolean {
    return this.#dead.has(id);
  }

  /** Whether the edit names an element whose create failed: it cannot be saved. */
  namesDead(edit: Edit): boolean {
    return idsOf(edit).some((id) => this.#dead.has(this.resolve(id)));
  }

  /** What an op's edit is applied with: ids resolved, and its create's id and answer. */
  context(op: Op): ApplyContext {
    const ctx: ApplyContext = { resolve: (id) => this.resolve(id) };
    if (op.createdId !== undefined) ctx.createdId = this.resolve(op.createdId);
    if (op.answer) ctx.answer = op.answer;
    return ctx;
  }
}

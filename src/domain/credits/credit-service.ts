import { newId } from '../../core/ids.js';
import { InsufficientCredits } from '../../core/errors.js';
import type { LedgerKind, Repos } from '../../core/store.js';

/**
 * The ledger is append-only; `accounts.balance_millicredits` is its running sum, moved by a
 * conditional update so it can never go below zero. All functions run inside the caller's transaction.
 */
async function move(
  tx: Repos,
  accountId: string,
  delta: number,
  kind: LedgerKind,
  at: string,
  taskId: string | null,
  note: string | null,
): Promise<number | null> {
  const balance = await tx.accounts.moveBalance(accountId, delta);
  if (balance === null) return null;
  await tx.ledger.append({ id: newId(), accountId, taskId, kind, amountMillicredits: delta, balanceAfterMillicredits: balance, note, createdAt: at });
  return balance;
}

export async function grant(tx: Repos, accountId: string, millicredits: number, at: string, note: string | null = null): Promise<number> {
  const balance = await move(tx, accountId, millicredits, millicredits >= 0 ? 'grant' : 'adjust', at, null, note);
  if (balance === null) throw new InsufficientCredits(-millicredits, (await tx.accounts.get(accountId))?.balanceMillicredits ?? 0);
  return balance;
}

/** Holds credits for a task; throws 402 and changes nothing when the balance cannot cover it. */
export async function hold(tx: Repos, accountId: string, taskId: string, millicredits: number, at: string): Promise<void> {
  if (millicredits <= 0) return;
  const balance = await move(tx, accountId, -millicredits, 'hold', at, taskId, null);
  if (balance === null) {
    const available = (await tx.accounts.get(accountId))?.balanceMillicredits ?? 0;
    throw new InsufficientCredits(millicredits, available);
  }
}

/**
 * Settles a hold: releases all of it, then charges the actual cost. The charge is capped at
 * the hold, so an estimate that was too low can never push the balance below zero.
 */
export async function settle(tx: Repos, accountId: string, taskId: string, heldMillicredits: number, actualMillicredits: number, at: string): Promise<number> {
  const charge = chargeWithinHold(heldMillicredits, actualMillicredits);
  if (heldMillicredits > 0) await move(tx, accountId, heldMillicredits, 'release', at, taskId, null);
  if (charge > 0) {
    const balance = await move(tx, accountId, -charge, 'charge', at, taskId, null);
    if (balance === null) throw new Error('charge after release cannot fail');
  }
  return charge;
}

/** What `settle` charges for a hold and an actual cost: the cost, never negative, capped at the hold. */
export function chargeWithinHold(heldMillicredits: number, actualMillicredits: number): number {
  return Math.min(Math.max(0, actualMillicredits), heldMillicredits);
}

export async function release(tx: Repos, accountId: string, taskId: string, heldMillicredits: number, at: string): Promise<void> {
  if (heldMillicredits > 0) await move(tx, accountId, heldMillicredits, 'release', at, taskId, null);
}

/**
 * Charges immediately, for synchronous operations (links, scripts); 402 when short. `taskId` is
 * the id of what was bought (the task, or the link for links, which have no task), so every
 * charge in the ledger can be traced to the object its client saw.
 */
export async function chargeNow(tx: Repos, accountId: string, taskId: string, millicredits: number, at: string, note: string): Promise<void> {
  if (millicredits <= 0) return;
  const balance = await move(tx, accountId, -millicredits, 'charge', at, taskId, note);
  if (balance === null) throw new InsufficientCredits(millicredits, (await tx.accounts.get(accountId))?.balanceMillicredits ?? 0);
}

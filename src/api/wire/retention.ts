/**
 * A task's retention as its GET shows it (`domain/tasks/retention.ts`): when its files go (set
 * when done, with a retention) and whether they have; `retentionShape` documents the two fields.
 */
export function retentionToWire(result: { expiresAt?: string | null; outputExpired?: boolean }) {
  return {
    expires_at: result.expiresAt ?? null,
    output_expired: result.outputExpired === true,
  };
}

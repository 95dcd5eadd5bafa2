import { describe, expect, it } from 'vitest';
import { adCloneToWire } from '../../../src/api/wire/ad-clone.js';
import { auroraToWire } from '../../../src/api/wire/aurora.js';
import { linkVideoToWire } from '../../../src/api/wire/link-to-video.js';
import { uuidV5 } from '../../../src/core/ids.js';
import type { Task } from '../../../src/core/task.js';
import { mediaJobId, outputMediaJob } from '../../../src/domain/tasks/media-job.js';
import type { BlobStore } from '../../../src/engines/blobs/port.js';

const at = '2025-01-01T00:00:00.000Z';
const blobs = { signedUrl: (key: string) => `https://files/${key}` } as unknown as BlobStore;
const task = (kind: string, status: Task['status'], result: Record<string, unknown>): Task => ({
  id: '6b0f2b8e-3d1c-4a55-9f0e-2f6d7c1e9a10',
  accountId: 'a',
  kind,
  status,
  progress: status === 'done' ? 100 : 0,
  failedReason: null,
  input: {},
  result,
  heldMillicredits: 0,
  chargedMillicredits: 0,
  webhookUrl: null,
  createdAt: at,
  updatedAt: at,
  finishedAt: null,
});

/** `media_job` names the render that produced `output` (issue 25, point 7): null before, a stable id after. */
describe('media_job', () => {
  it('is a name-based UUID of the task and the render, the same on every call, different per task and render', () => {
    const id = mediaJobId('t-1', 'output');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(mediaJobId('t-1', 'output')).toBe(id);
    expect(mediaJobId('t-2', 'output')).not.toBe(id);
    expect(mediaJobId('t-1', '0:minimal')).not.toBe(id);
  });

  it('keeps the ids URL to Video previews have always had (clients hold them for render_single_preview)', () => {
    // What the preview job computed before the id moved to domain/tasks/media-job.ts.
    const taskId = '6b0f2b8e-3d1c-4a55-9f0e-2f6d7c1e9a10';
    expect(mediaJobId(taskId, '1:dynamic')).toBe(uuidV5(`${taskId}:1:dynamic`, '6f1c2a3e-58d4-4f7b-9a53-0c1e9d5b7a21'));
  });

  it('is null while nothing was rendered, set once an output exists, and kept after the output expired', () => {
    const t = task('aurora', 'done', {});
    expect(outputMediaJob(t, undefined)).toBeNull();
    expect(outputMediaJob(t, 'a/t/output.mp4')).toBe(mediaJobId(t.id, 'output'));
    expect(outputMediaJob(task('aurora', 'done', { outputExpired: true }), null)).toBe(mediaJobId(t.id, 'output'));
  });

  it('shows on the wire: Ad Clone null until done (it was the task id before), Aurora after expiry, URL to Video by what was rendered', () => {
    expect(adCloneToWire(task('ads_clone', 'pending', {}), blobs).media_job).toBeNull();
    const clone = task('ads_clone', 'done', { outputKey: 'a/t/output.mp4' });
    expect(adCloneToWire(clone, blobs).media_job).toBe(mediaJobId(clone.id, 'output'));
    expect(auroraToWire(task('aurora', 'done', { outputKey: null, outputExpired: true }), blobs).media_job).toBe(mediaJobId(clone.id, 'output'));

    // A direct render names itself; a render of a chosen preview names that preview.
    const direct = task('link_to_video', 'done', { outputKey: 'a/t/output.mp4' });
    expect(linkVideoToWire(direct, blobs).media_job).toBe(mediaJobId(direct.id, 'output'));
    const chosen = mediaJobId(direct.id, '1:dynamic');
    const previews = [0, 1].map((i) => ({ mediaJob: mediaJobId(direct.id, `${i}:s${i}`), style: `s${i}`, key: `a/t/preview-${i}.mp4` }));
    const previewed = task('link_to_video', 'done', { previews, previewKey: previews[0]!.key });
    expect(linkVideoToWire(previewed, blobs).media_job).toBeNull();
    expect(linkVideoToWire({ ...previewed, result: { ...previewed.result, outputKey: 'a/t/output.mp4', renderedMediaJob: chosen } }, blobs).media_job).toBe(
      chosen,
    );
  });
});

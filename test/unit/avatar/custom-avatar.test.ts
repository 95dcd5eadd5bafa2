import { describe, expect, it } from 'vitest';
import {
  consentMismatchReason,
  customAvatarBlobKeys,
  customAvatarGreeting,
  customAvatarPreviewVideoKey,
  directDriveUrl,
  parseCustomAvatarPreviewKey,
  personaOfTask,
  recordOfTask,
  splitKeywords,
  unusableReason,
} from '../../../src/domain/avatars/custom-avatars.js';
import type { CustomAvatarInput } from '../../../src/domain/avatars/custom-avatar-kind.js';
import type { Task } from '../../../src/core/task.js';
import { faceThumbnailCrop, photoClipCompositeArgs, photoClipLayout } from '../../../src/pipelines/avatar/custom/index.js';

const input: CustomAvatarInput = {
  version: 'v2',
  name: 'Dana',
  gender: 'f',
  keywords: ['friendly', 'studio'],
  labels: ['team'],
  videoScene: null,
  source: { field: 'lipsync_input', value: 'https://example.com/dana.mp4', key: 'acc/custom-avatars/x/source.mp4', kind: 'video', durationSeconds: 20 },
  consent: { field: 'consent_video', value: 'upload:uploads/abc/consent.mp4', key: 'acc/custom-avatars/x/consent.mp4', kind: 'video', durationSeconds: 5 },
  defaultVoiceId: 'voice-1',
};

function task(patch: Partial<Task>): Task {
  return {
    id: 'b0b0b0b0-0000-4000-8000-000000000001',
    accountId: 'acc',
    kind: 'custom_avatar',
    status: 'processing',
    progress: 0,
    failedReason: null,
    input: input as unknown as Record<string, unknown>,
    result: {},
    heldMillicredits: 0,
    chargedMillicredits: 0,
    webhookUrl: null,
    createdAt: '2025-05-01T00:00:00.000Z',
    updatedAt: '2025-05-01T00:00:00.000Z',
    finishedAt: null,
    ...patch,
  };
}

describe('custom avatar model', () => {
  it('reads a task as a persona: processing until done, then active with its pictures', () => {
    const building = personaOfTask(task({}));
    expect(building).toMatchObject({
      kind: 'custom',
      version: 'v2',
      status: 'processing',
      consentVerified: false,
      thumbnailKey: null,
      keywords: ['friendly', 'studio'],
    });
    expect(building.extra).toMatchObject({ consent_video: input.consent!.value, lipsync_input_url: input.source.value, consent_distance: null });
    expect(recordOfTask(task({}))).toBeNull();

    const face = { box: { x: 1, y: 2, width: 100, height: 120 }, score: 0.9, landmarks68: [[1, 2]] as [number, number][] };
    const done = task({
      status: 'done',
      result: {
        stillKey: 's.jpg',
        thumbnailKey: 't.jpg',
        previewImageKeys: { '1:1': 'p.jpg' },
        face,
        consent: { verified: true, distance: 0.31234, threshold: 0.55 },
      },
    });
    expect(personaOfTask(done)).toMatchObject({ status: 'active', consentVerified: true, thumbnailKey: 't.jpg', previewImageKeys: { '1:1': 'p.jpg' } });
    expect(personaOfTask(done).extra?.consent_distance).toBe(0.312);
    // Made from a video: the kept video is the footage every render animates.
    expect(recordOfTask(done)).toEqual({
      id: done.id,
      accountId: 'acc',
      name: 'Dana',
      defaultVoiceId: 'voice-1',
      stillKey: 's.jpg',
      face,
      footageKey: input.source.key,
    });
    expect(personaOfTask(task({ status: 'failed', failedReason: 'no face' }))).toMatchObject({ status: 'failed', failedReason: 'no face' });
  });

  it('has no consent state for a v1 avatar made without a consent', () => {
    const v1 = task({
      input: { ...input, version: 'v1', consent: null, source: { ...input.source, field: 'image_url', kind: 'image' } } as unknown as Record<string, unknown>,
    });
    const p = personaOfTask(v1);
    expect(p.consentVerified).toBeNull();
    expect(p.extra).toMatchObject({ image_url: input.source.value, consent_video: null });
  });

  it('names preview videos by account, avatar and aspect, once the avatar is active; deleting takes them too', () => {
    const accountId = 'a0a0a0a0-0000-4000-8000-00000000000a';
    const built = task({
      accountId,
      status: 'done',
      result: { stillKey: 's.jpg', thumbnailKey: 't.jpg', previewImageKeys: {}, face: { box: { x: 0, y: 0, width: 1, height: 1 }, score: 1, landmarks68: [] } },
    });
    const keys = personaOfTask(built).previewVideoKeys;
    expect(keys).toEqual({
      '16:9': `custom-avatar-previews/${accountId}/${built.id}/video-16x9.mp4`,
      '1:1': `custom-avatar-previews/${accountId}/${built.id}/video-1x1.mp4`,
      '9:16': `custom-avatar-previews/${accountId}/${built.id}/video-9x16.mp4`,
    });
    expect(personaOfTask(task({ accountId })).previewVideoKeys).toEqual({});
    expect(customAvatarBlobKeys(built)).toEqual(expect.arrayContaining(Object.values(keys)));
    expect(parseCustomAvatarPreviewKey(keys['9:16']!)).toEqual({ accountId, avatarId: built.id, aspect: '9:16' });
    expect(parseCustomAvatarPreviewKey(customAvatarPreviewVideoKey(accountId, built.id, '1:1'))?.aspect).toBe('1:1');
    for (const bad of [
      `custom-avatar-previews/${accountId}/${built.id}/video-4x3.mp4`,
      `custom-avatar-previews/${accountId}/../x/video-1x1.mp4`,
      `avatar-previews/${built.id}/video-1x1.mp4`,
    ]) {
      expect(parseCustomAvatarPreviewKey(bad)).toBeNull();
    }
  });

  it('greets with the name, a long one cut at a word', () => {
    expect(customAvatarGreeting('  Dana  ')).toBe('Hi, I am Dana. This is how I look and sound in your videos.');
    const long = customAvatarGreeting('Dana Maria Josefina Alexandra van der Berg-Schmidt the Third');
    expect(long).toBe('Hi, I am Dana Maria Josefina Alexandra van der. This is how I look and sound in your videos.');
  });

  it('says why an own avatar cannot be used yet: still being built, or failed with its reason', () => {
    const id = task({}).id;
    expect(unusableReason(task({}))).toBe(`Avatar ${id} is still being built; wait until GET /api/personas/${id}/ shows status active.`);
    expect(unusableReason(task({ status: 'pending' }))).toMatch(/is still being built/);
    expect(unusableReason(task({ status: 'failed', failedReason: 'image_url: no face found' }))).toBe(`Avatar ${id} failed: image_url: no face found`);
    expect(
      unusableReason(task({ status: 'done', result: { stillKey: 's.jpg', face: { box: { x: 0, y: 0, width: 1, height: 1 }, score: 1, landmarks68: [] } } })),
    ).toBeNull();
  });

  it('turns Drive sharing links into direct downloads and leaves other URLs alone', () => {
    expect(directDriveUrl('https://drive.google.com/file/d/1AbC_d-9/view?usp=sharing')).toBe('https://drive.google.com/uc?export=download&id=1AbC_d-9');
    expect(directDriveUrl('https://drive.google.com/open?id=XYZ')).toBe('https://drive.google.com/uc?export=download&id=XYZ');
    expect(directDriveUrl('https://cdn.example.com/file/d/abc/video.mp4')).toBe('https://cdn.example.com/file/d/abc/video.mp4');
    expect(directDriveUrl('not a url')).toBe('not a url');
  });

  it('splits keywords and words a consent mismatch with the measured distance', () => {
    expect(splitKeywords(' a, b ,,c ')).toEqual(['a', 'b', 'c']);
    expect(splitKeywords(null)).toEqual([]);
    expect(consentMismatchReason('consent_video', { verified: false, distance: 0.734, threshold: 0.55 })).toMatch(
      /consent_video shows a different person.*0\.73 apart.*below 0\.55/,
    );
  });
});

describe('photo avatar framing', () => {
  it('cuts a square thumbnail around the face, inside the picture', () => {
    const crop = faceThumbnailCrop({ x: 200, y: 150, width: 200, height: 250 }, { width: 600, height: 750 });
    expect(crop.width).toBe(crop.height);
    expect(crop.width).toBe(550);
    expect(crop.left).toBe(25);
    expect(crop.left + crop.width).toBeLessThanOrEqual(600);
    // A face at the edge: the square slides inside rather than leaving the picture.
    const edge = faceThumbnailCrop({ x: 0, y: 0, width: 100, height: 100 }, { width: 300, height: 300 });
    expect(edge).toEqual({ left: 0, top: 0, width: 220, height: 220 });
    const small = faceThumbnailCrop({ x: 10, y: 10, width: 100, height: 300 }, { width: 200, height: 400 });
    expect(small.width).toBe(200);
  });

  it('covers the frame when little of the photo is lost, and shows it whole as a card otherwise', () => {
    const portrait = { width: 600, height: 750 };
    expect(photoClipLayout(portrait, { width: 1080, height: 1440 }, 'scene')).toEqual({ mode: 'cover', frame: { width: 1080, height: 1440 } });
    // 4:5 into 9:16 keeps 70 % of the width: cover.
    expect(photoClipLayout(portrait, { width: 360, height: 640 }, 'color').mode).toBe('cover');
    // 4:5 into 16:9 would keep 45 % of the height: a card, full height, centred.
    expect(photoClipLayout(portrait, { width: 640, height: 360 }, 'color')).toEqual({
      mode: 'card',
      frame: { width: 640, height: 360 },
      card: { width: 288, height: 360 },
      x: 176,
      y: 0,
    });
    expect(photoClipLayout(portrait, { width: 640, height: 360 }, 'scene').mode).toBe('cover');
    expect(photoClipLayout({ width: 1600, height: 900 }, { width: 360, height: 640 }, 'transparent')).toMatchObject({
      mode: 'card',
      card: { width: 360, height: 202 },
      x: 0,
      y: 219,
    });
  });

  it('lays the clip on the background: H.264 on a colour or picture, VP9 with alpha on transparency', () => {
    const base = { clipPath: 'clip.mp4', frame: { width: 640, height: 360 }, x: 176, y: 0, frameCount: 45, outputPath: 'out' };
    const green = photoClipCompositeArgs({ ...base, background: { kind: 'color', color: '#00FF00' } });
    expect(green.join(' ')).toContain('color=c=0x00FF00:s=640x360:r=30');
    expect(green.join(' ')).toContain('overlay=176:0:shortest=1,format=yuv420p');
    expect(green).toEqual(expect.arrayContaining(['libx264', '-frames:v', '45']));
    const clear = photoClipCompositeArgs({ ...base, background: { kind: 'transparent' } });
    expect(clear.join(' ')).toContain('color=c=black@0');
    expect(clear).toEqual(expect.arrayContaining(['libvpx-vp9', 'yuva420p']));
    const picture = photoClipCompositeArgs({ ...base, background: { kind: 'image', path: 'bg.png' } });
    expect(picture.join(' ')).toContain('-loop 1 -framerate 30 -i bg.png');
    expect(picture.join(' ')).toContain('force_original_aspect_ratio=increase,crop=640:360');
  });
});

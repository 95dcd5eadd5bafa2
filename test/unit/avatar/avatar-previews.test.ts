import { describe, expect, it } from 'vitest';
import { customAvatarPreviewVideoKey } from '../../../src/domain/avatars/custom-avatars.js';
import { builtinPreviewKey } from '../../../src/domain/catalog/avatars-personas.js';
import { DEFAULT_AVATAR_ID } from '../../../src/domain/catalog/avatars.js';
import { buildVoiceCatalog } from '../../../src/domain/catalog/voices.js';
import { MemoryBlobStore } from '../../../src/engines/blobs/memory-blob-store.js';
import { createFakeFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
import { builtinAvatarPreviews } from '../../../src/pipelines/avatar/builtin-previews.js';
import { customAvatarPreviewVideos } from '../../../src/pipelines/avatar/custom/custom-avatar-previews.js';

describe('built-in avatar previews', () => {
  const slot = <T>(render: () => Promise<T>) => render();

  it('answers null for a key that names no built-in avatar (nothing rendered)', async () => {
    const ffmpeg = createFakeFfmpegEngine();
    const previews = builtinAvatarPreviews({ catalog: buildVoiceCatalog([]), engines: {}, ffmpeg, slot });
    expect(await previews('avatar-previews/not-a-key.png', '/tmp')).toBeNull();
    expect(await previews(builtinPreviewKey('00000000-0000-5000-8000-000000000000', 'image', '1:1'), '/tmp')).toBeNull();
    expect(ffmpeg.runs).toEqual([]);
  });

  it('a video preview with no voice on this machine is an error of ours, not a render', async () => {
    const previews = builtinAvatarPreviews({ catalog: buildVoiceCatalog([]), engines: {}, ffmpeg: createFakeFfmpegEngine(), slot });
    await expect(previews(builtinPreviewKey(DEFAULT_AVATAR_ID, 'video', '9:16'), '/tmp')).rejects.toThrow("no voice is available to speak Amara's preview");
  });
});

describe('custom avatar preview videos', () => {
  const account = '11111111-1111-4111-8111-111111111111';
  const avatar = '22222222-2222-4222-8222-222222222222';

  it("renders only the account's own active avatar: other keys and missing avatars are not found", async () => {
    const asked: string[] = [];
    const previews = customAvatarPreviewVideos({
      records: async (accountId, avatarId) => {
        asked.push(`${accountId}/${avatarId}`);
        return null;
      },
      blobs: new MemoryBlobStore(),
      ffmpeg: createFakeFfmpegEngine(),
      synthesizer: {
        synthesize: async () => {
          throw new Error('not reached');
        },
      },
      fallbackVoiceId: () => null,
      slot: (render) => render(),
    });
    expect(await previews('custom-avatar-previews/nope.mp4', '/tmp')).toBeNull();
    expect(await previews(customAvatarPreviewVideoKey(account, avatar, '1:1'), '/tmp')).toBeNull();
    expect(asked).toEqual([`${account}/${avatar}`]);
  });

  it('an avatar without a voice, on a machine without one, is an error of ours', async () => {
    const previews = customAvatarPreviewVideos({
      records: async () => ({ id: avatar, accountId: account, name: 'Kim', defaultVoiceId: null, stillKey: 'k' }) as never,
      blobs: new MemoryBlobStore(),
      ffmpeg: createFakeFfmpegEngine(),
      synthesizer: {
        synthesize: async () => {
          throw new Error('not reached');
        },
      },
      fallbackVoiceId: () => null,
      slot: (render) => render(),
    });
    await expect(previews(customAvatarPreviewVideoKey(account, avatar, '1:1'), '/tmp')).rejects.toThrow(
      `no voice is available to speak the preview of avatar ${avatar}`,
    );
  });
});

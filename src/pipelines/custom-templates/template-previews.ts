import { join } from 'node:path';
import { TEMPLATE_PREVIEW_PREFIX, templatePreviewKey, type TemplateCatalog } from '../../domain/custom-templates/template-catalog.js';
import type { BlobStore } from '../../engines/blobs/port.js';
import { renderTemplate, type RenderTemplateDeps } from './render-template.js';

/** The account a catalog preview is drawn for: no one's (built-in avatars and voices only). */
const CATALOG_ACCOUNT = 'catalog';

/**
 * A catalog template's preview video or thumbnail for its blob key, drawn from the template's
 * defaults on first request (served lazily; `LazyBlobs`). One render makes both: the other file
 * is stored beside the asked one. Null for a key that names no template.
 */
export function templatePreviews(
  deps: RenderTemplateDeps & {
    catalog: TemplateCatalog;
    blobs: Pick<BlobStore, 'putFile'>;
    slot: <T>(render: () => Promise<T>) => Promise<T>;
  },
): (key: string, workDir: string) => Promise<string | null> {
  return async (key, workDir) => {
    const match = new RegExp(`^${TEMPLATE_PREVIEW_PREFIX}([0-9a-f-]{36})/(preview\\.mp4|thumbnail\\.jpg)$`).exec(key);
    const entry = match ? deps.catalog.find(match[1]!) : undefined;
    if (!match || !entry) return null;
    const videoPath = join(workDir, 'preview.mp4');
    const thumbnailPath = join(workDir, 'thumbnail.jpg');
    await deps.slot(() =>
      renderTemplate(
        entry.template,
        {},
        {
          accountId: CATALOG_ACCOUNT,
          quality: 'preview',
          videoPath,
          thumbnailPath,
          workDir: join(workDir, 'render'),
        },
        deps,
      ),
    );
    const wantsVideo = match[2] === 'preview.mp4';
    await deps.blobs.putFile(templatePreviewKey(entry.template.id, wantsVideo ? 'thumbnail' : 'video'), wantsVideo ? thumbnailPath : videoPath);
    return wantsVideo ? videoPath : thumbnailPath;
  };
}

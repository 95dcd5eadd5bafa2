import type { Template } from './template-format.js';

/** A template of the catalog and where it came from. */
export interface CatalogTemplate {
  template: Template;
  source: 'builtin' | 'operator';
  /** ISO 8601: the release date for built-ins, the file's time for an operator's. */
  createdAt: string;
  updatedAt: string;
}

export const BUILTIN_TEMPLATES_CREATED_AT = '2025-01-01T00:00:00.000Z';

/** Key of a template's preview video and thumbnail (made from its defaults on first request). */
export const TEMPLATE_PREVIEW_PREFIX = 'template-previews/';
export const templatePreviewKey = (templateId: string, media: 'video' | 'thumbnail'): string =>
  `${TEMPLATE_PREVIEW_PREFIX}${templateId}/${media === 'video' ? 'preview.mp4' : 'thumbnail.jpg'}`;

/**
 * The templates this service offers: the built-ins, then an operator's (`DATA_DIR/templates/`,
 * checked at start-up). Custom Templates and DYOA list their family; either id renders.
 */
export class TemplateCatalog {
  private readonly byId = new Map<string, CatalogTemplate>();

  constructor(entries: readonly CatalogTemplate[]) {
    for (const entry of entries) if (!this.byId.has(entry.template.id)) this.byId.set(entry.template.id, entry);
  }

  list(family: Template['family']): CatalogTemplate[] {
    return [...this.byId.values()].filter((e) => e.template.family === family);
  }

  find(id: string): CatalogTemplate | undefined {
    return this.byId.get(id.trim().toLowerCase());
  }

  get size(): number {
    return this.byId.size;
  }
}

import type { AssetModel } from './asset-models.js';

/** The models a create may name, in the order the schema lists them. */
export class AssetModelCatalog {
  private readonly byId: Map<string, AssetModel>;

  constructor(readonly models: readonly AssetModel[]) {
    this.byId = new Map(models.map((m) => [m.id, m]));
    if (this.byId.size !== models.length) throw new Error('asset model ids must be unique');
  }

  find(id: string): AssetModel | null {
    return this.byId.get(id) ?? null;
  }

  /** All models, or those named (the schema's `model_name=a,b` filter; unknown names are skipped). */
  list(names?: readonly string[]): AssetModel[] {
    if (!names?.length) return [...this.models];
    const wanted = new Set(names);
    return this.models.filter((m) => wanted.has(m.id));
  }
}

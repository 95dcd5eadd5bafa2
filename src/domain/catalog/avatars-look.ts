/**
 * What a built-in avatar looks like, as parameters: the drawing code in `pipelines/avatar/draw`
 * turns a look into vector shapes. No bitmaps are involved, so a character renders crisply at any
 * size and a new one is a few lines of data.
 */
export type AgeRange = 'child' | 'teen' | 'adult' | 'senior';

export type HairStyle =
  | 'short'
  | 'side-part'
  | 'buzz'
  | 'bald'
  | 'curly-short'
  | 'afro'
  | 'afro-puff'
  | 'long-straight'
  | 'long-wavy'
  | 'bob'
  | 'ponytail'
  | 'bun'
  | 'pigtails'
  | 'undercut'
  | 'braid';

export type OutfitKind = 'suit' | 'blazer' | 'hoodie' | 'tshirt' | 'sweater' | 'cardigan' | 'denim-jacket' | 'chef' | 'lab-coat' | 'track-jacket' | 'vest';

export type SceneKind = 'plain' | 'studio' | 'office' | 'home' | 'kitchen' | 'clinic' | 'library' | 'park' | 'street' | 'beach' | 'space' | 'neon';

export interface AvatarLook {
  age: AgeRange;
  /** Skin colour `#RRGGBB`. */
  skin: string;
  face: {
    /** Jaw width relative to the cheekbones, 0.55 (pointed) … 0.9 (square). */
    jaw: number;
    /** Face width factor around 1. */
    width: number;
  };
  /** `brows` for dyed hair whose colour the eyebrows do not share. */
  hair: { style: HairStyle; color: string; brows?: string };
  eyes: { iris: string };
  /** Lip colour; derived from the skin when absent. */
  lips?: string;
  outfit: { kind: OutfitKind; color: string; accent: string };
  extras?: {
    glasses?: 'round' | 'square';
    glassesColor?: string;
    beard?: 'full' | 'stubble' | 'goatee';
    mustache?: boolean;
    /** Facial hair colour when not the hair's (grey beard under dyed hair, …). */
    facialHairColor?: string;
    freckles?: boolean;
    earrings?: string;
    blush?: boolean;
    /** Wrinkles at the eyes and mouth (seniors get them anyway). */
    lines?: boolean;
  };
  /** The avatar's own setting, drawn behind it unless a call asks for another background. */
  scene: SceneKind;
}

import { describe, expect, it } from 'vitest';
import { resolveFontFamily } from '../../../src/media/index.js';

describe('resolveFontFamily', () => {
  it('uses the installed family whatever the case or spacing', () => {
    expect(resolveFontFamily('Mclaren', ['McLaren', 'DejaVu Sans'])).toBe('McLaren');
    expect(resolveFontFamily('luckiestguy', ['Luckiest Guy'])).toBe('Luckiest Guy');
  });

  it('falls back to the nearest installed look-alike, then to the default family', () => {
    expect(resolveFontFamily('Jockey One', ['DejaVu Sans', 'Bebas Neue'])).toBe('Bebas Neue');
    expect(resolveFontFamily('Unknown Display', ['DejaVu Sans', 'Montserrat'])).toBe('Montserrat');
    expect(resolveFontFamily(undefined, ['Lato', 'DejaVu Sans'])).toBe('Lato');
    expect(resolveFontFamily('Corben', [])).toBe('DejaVu Sans');
  });
});

/**
 * Where the fonts are: scripts/install-fonts.sh puts the contract's families in
 * /usr/local/share/fonts/clipwright as `<Family>_<weight><Style>.ttf`; a missing family falls back
 * to DejaVu Sans, which Debian ships.
 */
export const FONT_DIRS = ['/usr/local/share/fonts/clipwright', '/usr/share/fonts/truetype/dejavu', '/usr/share/fonts/truetype'];

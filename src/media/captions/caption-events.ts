import type { WordTiming } from '../../core/timing.js';
import { colorOrDefault, toAssAlpha, toAssColor, toAssStyleColor, type Rgba } from '../color.js';
import type { FrameSize } from '../frame-size.js';

import { escapeAssText, round, type AssEvent, type AssStyle } from './ass-document.js';
import { paginateWords, type CaptionPage } from './caption-layout.js';
import type { CaptionSetting } from './caption-setting.js';
import { captionLook, type CaptionLook } from './caption-styles.js';
import { upperCaseShown, wordsAsShown } from './words-as-shown.js';

export const CAPTION_STYLE_NAME = 'Caption';
const POP_IN_MS = 110;
const MAX_LINES = 2;

/**
 * ASS style and events for word-timed captions. `fontFamily` is the installed family to use
 * (see fonts.ts); sizes are in pixels of the full-quality frame.
 */
export function buildCaptionTrack(
  words: readonly WordTiming[],
  setting: CaptionSetting,
  frame: FrameSize,
  fontFamily: string,
): { style: AssStyle; events: AssEvent[] } {
  const look = captionLook(setting.style);
  const colors = resolveColors(look, setting);
  const fontSizePx = setting.fontSizePx;
  const bold = setting.bold ?? look.bold;
  const style = captionStyle(look, setting, colors, fontFamily, bold);
  if (setting.hidden || words.length === 0) return { style, events: [] };

  const uppercase = look.uppercase;
  const shown = wordsAsShown(words);
  const displayWords = uppercase ? shown.map((w) => ({ ...w, word: upperCaseShown(w.word) })) : shown;
  const pages = paginateWords(displayWords, {
    fontSizePx,
    maxWidthPx: setting.maxWidthPx ?? frame.width * 0.84,
    maxLines: MAX_LINES,
    uppercase,
    bold,
    singleWord: look.animation === 'pop',
  });

  const events: AssEvent[] = [];
  for (const page of pages) events.push(...pageEvents(page, look, setting, colors, frame));
  return { style, events };
}

interface CaptionColors {
  text: Rgba;
  highlight: Rgba;
  outline: Rgba;
  box?: Rgba;
  shadow: Rgba;
}

function resolveColors(look: CaptionLook, setting: CaptionSetting): CaptionColors {
  return {
    text: setting.textColor ?? colorOrDefault(look.textColor, '#FFFFFF'),
    highlight: setting.highlightColor ?? colorOrDefault(look.highlightColor, '#FFE600'),
    outline: colorOrDefault(look.outlineColor, '#000000'),
    // A background colour in the request turns any look into a boxed one.
    box: setting.backgroundColor ?? (look.boxColor ? colorOrDefault(look.boxColor, '#000000') : undefined),
    shadow: setting.textShadow?.color ?? colorOrDefault(look.shadowColor, '#00000080'),
  };
}

function captionStyle(look: CaptionLook, setting: CaptionSetting, colors: CaptionColors, fontFamily: string, bold: boolean): AssStyle {
  const sizeFactor = setting.fontSizePx / 70;
  const boxed = colors.box !== undefined;
  return {
    name: CAPTION_STYLE_NAME,
    fontName: fontFamily,
    fontSizePx: setting.fontSizePx,
    primaryColor: toAssStyleColor(colors.text),
    secondaryColor: toAssStyleColor(colors.highlight),
    // With BorderStyle 3 libass paints the box in the outline colour; its width is the padding.
    outlineColor: toAssStyleColor(boxed ? colors.box! : colors.outline),
    backColor: toAssStyleColor(colors.shadow),
    bold,
    italic: setting.italic || look.italic === true,
    underline: setting.underline,
    borderStyle: boxed ? 3 : 1,
    outlineWidthPx: boxed ? Math.round(setting.fontSizePx * 0.18) : look.outlineWidthPx * sizeFactor,
    shadowPx: look.shadowPx * sizeFactor,
    alignment: 5,
  };
}

function pageEvents(page: CaptionPage, look: CaptionLook, setting: CaptionSetting, colors: CaptionColors, frame: FrameSize): AssEvent[] {
  const pitchPx = setting.fontSizePx * setting.lineHeight;
  const centerX = frame.width * (0.5 + setting.offset.x);
  const blockHeight = pitchPx * page.lines.length;
  // Keep the whole block inside the frame whatever the offset asks.
  const margin = setting.fontSizePx * 0.6;
  const wantedCenterY = frame.height * (0.5 + setting.offset.y);
  const centerY = Math.min(frame.height - margin - blockHeight / 2, Math.max(margin + blockHeight / 2, wantedCenterY));
  const lineY = (i: number): number => centerY + (i - (page.lines.length - 1) / 2) * pitchPx;
  const prefix = (i: number): string => `{\\an5\\pos(${round(centerX)},${round(lineY(i))})${shadowTags(setting, look)}}`;

  const allWords = page.lines.flat();
  if (look.animation === 'static') {
    return page.lines.map((line, i) => ({
      layer: 0,
      startSeconds: page.startSeconds,
      endSeconds: page.endSeconds,
      style: CAPTION_STYLE_NAME,
      text: prefix(i) + line.map((w) => escapeAssText(w.word)).join(' '),
    }));
  }

  if (look.animation === 'pop') {
    const popTags = `{\\fscx72\\fscy72\\t(0,${POP_IN_MS},\\fscx100\\fscy100)}`;
    return page.lines.map((line, i) => ({
      layer: 0,
      startSeconds: page.startSeconds,
      endSeconds: page.endSeconds,
      style: CAPTION_STYLE_NAME,
      text: prefix(i) + popTags + line.map((w) => escapeAssText(w.word)).join(' '),
    }));
  }

  // karaoke / progressive: one set of line events per spoken word.
  const events: AssEvent[] = [];
  allWords.forEach((active, activeIndex) => {
    const start = activeIndex === 0 ? page.startSeconds : active.startSeconds;
    const end = allWords[activeIndex + 1]?.startSeconds ?? page.endSeconds;
    let index = 0;
    page.lines.forEach((line, i) => {
      const parts = line.map((w) => {
        const wordIndex = index++;
        const lit = look.animation === 'progressive' ? wordIndex <= activeIndex : wordIndex === activeIndex;
        return lit ? highlighted(w.word, look, colors, setting) : escapeAssText(w.word);
      });
      events.push({ layer: 0, startSeconds: start, endSeconds: end, style: CAPTION_STYLE_NAME, text: prefix(i) + parts.join(' ') });
    });
  });
  return events;
}

/** The spoken word's look, then the line's own look restored (not \r, which would drop the shadow tags). */
function highlighted(word: string, look: CaptionLook, colors: CaptionColors, setting: CaptionSetting): string {
  const text = escapeAssText(word);
  if (look.highlightAsPill) {
    // A thick border in the highlight colour reads as a rounded pill behind the word.
    const restoreBorder = round(look.outlineWidthPx * (setting.fontSizePx / 70));
    return (
      `{\\3c${toAssColor(colors.highlight)}\\3a${toAssAlpha(colors.highlight)}\\bord${round(setting.fontSizePx * 0.2)}}${text}` +
      `{\\3c${toAssColor(colors.outline)}\\3a${toAssAlpha(colors.outline)}\\bord${restoreBorder}}`
    );
  }
  return `{\\c${toAssColor(colors.highlight)}\\1a${toAssAlpha(colors.highlight)}}${text}` + `{\\c${toAssColor(colors.text)}\\1a${toAssAlpha(colors.text)}}`;
}

function shadowTags(setting: CaptionSetting, look: CaptionLook): string {
  const tags: string[] = [];
  const shadow = setting.textShadow;
  if (shadow) {
    tags.push(`\\xshad${round(shadow.offsetXPx)}`, `\\yshad${round(shadow.offsetYPx)}`, `\\4c${toAssColor(shadow.color)}`, `\\4a${toAssAlpha(shadow.color)}`);
    if (shadow.blurPx > 0) tags.push(`\\blur${round(shadow.blurPx / 2)}`);
  }
  if (look.glowBlurPx) tags.push(`\\blur${round(look.glowBlurPx * (setting.fontSizePx / 70))}`);
  return tags.join('');
}

/**
 * The one home of ffmpeg arguments: pure builders, no process, tested by their argument lists.
 * Callers build a list here and hand it to the `FfmpegEngine` port (`run`, `capture`), the one
 * place a process is started. Filter graphs particular to one capability (the timeline compiler
 * in `media/`, the avatar renders) stay with it, and take their encoders, thumbnails and MP3s from here.
 */
export { RUN_PREFIX_ARGS, CAPTURE_PREFIX_ARGS, STDERR_REPORT_PREFIX_ARGS, seconds } from './global.js';
export { guardInputs, inputGuardArgs, INPUT_PROTOCOLS, SELF_CONTAINED_DEMUXERS } from './input-guard.js';
export { MP3_PRESETS, mp3EncodeArgs, silentMp3Args, tempoMp3Args, type Mp3Preset, type Mp3EncodeRequest } from './mp3.js';
export { frameImageArgs, thumbnailOutputArgs, rawRgbFrameArgs, THUMBNAIL_JPEG_QUALITY, videoThumbnailArgs, type FrameRequest } from './frames.js';
export { ffprobeArgs, loudnessArgs, monoPcmArgs, decodeToWavArgs, voiceInWindowWavArgs } from './audio-read.js';
export { h264Args, vp9AlphaArgs, aacArgs, opusArgs, VP9_ALPHA_DECODER_ARGS, FASTSTART_ARGS } from './video-encoders.js';
export { FilterGraph } from './filter-graph.js';
export {
  num,
  progressExpr,
  easeInOutExpr,
  easeOutExpr,
  lerpExpr,
  perspectiveViewFilter,
  frameTimeExpr,
  holdFrameFilter,
  type ViewExpr,
} from './motion-expressions.js';
export { DISPLAY_SHOT_KINDS, shotFrames, type DisplayShot, type DisplayShotKind, type DisplayLayerInputs } from './display-shots.js';
export { displayVideoArgs, musicBedFilter, type DisplayVideoArgsRequest } from './display-video.js';
export { stillVideoArgs, viewPathExpr, type StillViewKey, type StillViewPath, type StillVideoArgsRequest } from './still-motion.js';
export { STYLE_FILTERS, styleFilterChain, letterboxFilters, stylizeArgs, type StyleFilter, type StylizeArgsRequest } from './stylize.js';
export { loudnessGainFilter, filteredWavArgs, type LoudnessGainRequest } from './loudness-gain.js';
export { shotFramesArgs, ocrFrameArgs, SHOT_THUMBNAIL_PX, SHOT_TIMES_FILE } from './scene-cuts.js';
export { pictureFitFilters, DEFAULT_SHAPE_TOLERANCE, type PictureFitMode, type PictureFitRequest, type PictureFitFilters } from './picture-fit.js';
export {
  footageDecodeArgs,
  rawSegmentEncodeArgs,
  segmentJoinArgs,
  ffconcatList,
  quoteConcatPath,
  type FootageDecodeRequest,
  type RawSegmentEncodeRequest,
  type SegmentJoinRequest,
} from './footage.js';
export {
  silenceDetectArgs,
  parseSilences,
  parseSceneChanges,
  keptAudioArgs,
  firstFramePngArgs,
  pngSize,
  pictureScanArgs,
  type PictureScanRequest,
  type SilenceDetectRequest,
  type TimeSpan,
} from './edit-analysis.js';
export { movingCropFilter, piecewiseLinearExpr, type CropKey, type MovingCropRequest } from './moving-crop.js';

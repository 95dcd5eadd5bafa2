export {
  buildCustomAvatar,
  MAX_STILL_SIDE_PX,
  MIN_FACE_WIDTH_PX,
  THUMBNAIL_PX,
  type AvatarMedia,
  type BuiltAvatar,
  type PreviewAspect,
} from './build-custom-avatar.js';
export { faceThumbnailCrop, THUMBNAIL_FACE_ZOOM, type CropRect } from './face-crops.js';
export { COVER_MIN_KEPT, photoClipCompositeArgs, photoClipLayout, type PhotoClipBackground, type PhotoClipLayout } from './clip-layout.js';
export { makePhotoAvatarClip, type PhotoClip, type PhotoClipRequest } from './photo-clip.js';
export { PHOTO_PREVIEW_VIDEO_SIZES, renderPhotoAvatarPreviewVideo, type SpokenGreeting } from './preview-video.js';

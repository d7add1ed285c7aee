import { Type, type Static } from 'typebox';

const FileId = Type.String({ minLength: 1, maxLength: 64 });
/** What a signed URL carries (src/server/modules/files/signed-url.ts); absent on plain URLs. */
const Signed = {
  u: Type.Optional(Type.String({ maxLength: 64 })),
  exp: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  sig: Type.Optional(Type.String({ maxLength: 64 })),
};

export const DownloadQuery = Type.Object({ uid: FileId, ...Signed });
export const MediaParams = Type.Object({ id: FileId });
export const MediaQuery = Type.Object(Signed);
export const SignQuery = Type.Object({ uid: FileId });
export const VideoQuery = Type.Object({ videoId: FileId });

/** An upload as stored. */
export const UploadedFile = Type.Object({
  uid: Type.String(),
  uuid: Type.String(),
  fileName: Type.String(),
  fileSize: Type.Integer(),
  contentType: Type.String(),
  fileUrl: Type.String(),
  downloadUrl: Type.String(),
  createTime: Type.String(),
});
export type UploadedFile = Static<typeof UploadedFile>;

/**
 * The mind-map editor's image service speaks `{ errno, data: { url } }` beside the envelope fields;
 * a failure is the plain error envelope (no errno, data null).
 */
export const UploadedImage = Type.Object({
  errno: Type.Optional(Type.Integer()),
  data: Type.Union([Type.Object({ url: Type.String() }), Type.Null()]),
  resultCode: Type.Integer(),
  errMsg: Type.String(),
});
export type UploadedImage = Static<typeof UploadedImage>;

/** getVideoUrl: the URL to put in the player. */
export const VideoUrl = Type.String();

/** Short-lived URLs of a file the student may read, for places that cannot send the header. */
export const SignedFileUrls = Type.Object({
  fileUrl: Type.String(),
  downloadUrl: Type.String(),
  /** epoch ms */
  expiresAt: Type.Integer(),
});
export type SignedFileUrls = Static<typeof SignedFileUrls>;

/**
 * Downloads and media are plain HTTP, not JSON: the body is the file's bytes (streamed, which
 * serialisation never touches), or a plain-text 404.
 */
export const FileBytes = Type.Unsafe<unknown>({ description: 'the file bytes (binary); text/plain 文件不存在 on 404' });

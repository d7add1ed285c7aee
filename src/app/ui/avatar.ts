/** Default avatars of SPEC §2: sex 1 gives one default, anything else the other. */
export const DEFAULT_AVATAR_SEX_1 = '/avatar-female.svg';
export const DEFAULT_AVATAR_OTHER = '/avatar-male.svg';

export function defaultAvatar(sex: unknown): string {
  return String(sex) === '1' ? DEFAULT_AVATAR_SEX_1 : DEFAULT_AVATAR_OTHER;
}

/** The avatar URL when there is one, else the default by sex. */
export function avatarUrl(url: string | null | undefined, sex: unknown): string {
  return url && url.trim() !== '' ? url : defaultAvatar(sex);
}

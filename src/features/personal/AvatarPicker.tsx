import { useEffect, useRef, useState, type KeyboardEvent, type RefObject, type PointerEvent } from 'react';
import { useSnapshot } from 'valtio';
import { RESULT_OK } from '../../app/http/client';
import { session, setUser } from '../../app/session/session-store';
import { avatarUrl } from '../../app/ui/avatar';
import { toast } from '../../app/ui/toast-store';
import { errorText } from '../../app/ui/use-remote';
import { initialCrop, panCrop, sourceRect, zoomCrop, MAX_ZOOM, MIN_ZOOM, type Crop, type Frame } from './avatar-crop';
import { updateUserInfo, uploadFile } from './api';

const VIEW = 240;
const PREVIEW = 96;
/** The saved photo: a square PNG of this side. */
const OUTPUT = 256;
const STEP = 10;

function draw(canvas: HTMLCanvasElement | null, img: HTMLImageElement, crop: Crop, frame: Frame, side: number) {
  const ctx = canvas?.getContext('2d');
  if (!canvas || !ctx) return;
  const { sx, sy, size } = sourceRect(crop, frame);
  ctx.clearRect(0, 0, side, side);
  ctx.drawImage(img, sx, sy, size, size, 0, 0, side, side);
}

/**
 * 头像 in 个人设置 (issue 18 item 8): choose an image, crop it to a square — drag it, or the arrow
 * keys, and the 缩放 slider or +/− — see the round preview, then upload the square and save it as
 * the profile photo (updateUserInfo userPicUrl, which takes only an image the student uploaded).
 */
export function AvatarPicker({ pending }: { pending?: RefObject<(() => Promise<boolean>) | null> } = {}) {
  const { user } = useSnapshot(session);
  const [img, setImg] = useState<HTMLImageElement>();
  const [crop, setCrop] = useState<Crop>();
  const [saving, setSaving] = useState(false);
  const view = useRef<HTMLCanvasElement>(null);
  const preview = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ x: number; y: number } | undefined>(undefined);
  const fileInput = useRef<HTMLInputElement>(null);
  const frame: Frame | undefined = img ? { w: img.naturalWidth, h: img.naturalHeight, view: VIEW } : undefined;

  useEffect(() => {
    if (!img || !crop || !frame) return;
    draw(view.current, img, crop, frame, VIEW);
    draw(preview.current, img, crop, frame, PREVIEW);
  });

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.warning('请选择图片文件（PNG、JPG、WebP 或 GIF）');
      return;
    }
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      setImg(image);
      setCrop(initialCrop({ w: image.naturalWidth, h: image.naturalHeight, view: VIEW }));
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      toast.warning('无法读取该图片，请换一张');
    };
    image.src = url;
  };

  const reset = () => {
    setImg(undefined);
    setCrop(undefined);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onKey = (e: KeyboardEvent) => {
    if (!crop || !frame) return;
    const step = e.shiftKey ? STEP * 4 : STEP;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[e.key];
    if (move) setCrop(panCrop(crop, move[0], move[1], frame));
    else if (e.key === '+' || e.key === '=') setCrop(zoomCrop(crop, crop.zoom + 0.1, frame));
    else if (e.key === '-' || e.key === '_') setCrop(zoomCrop(crop, crop.zoom - 0.1, frame));
    else return;
    e.preventDefault();
  };

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current || !crop || !frame) return;
    setCrop(panCrop(crop, e.clientX - drag.current.x, e.clientY - drag.current.y, frame));
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = () => {
    drag.current = undefined;
  };

  /** Uploads the cropped square and makes it the photo; resolves whether it was saved. */
  const save = async (): Promise<boolean> => {
    if (!img || !crop || !frame) return false;
    setSaving(true);
    try {
      const out = document.createElement('canvas');
      out.width = OUTPUT;
      out.height = OUTPUT;
      draw(out, img, crop, frame, OUTPUT);
      const blob = await new Promise<Blob | null>((resolve) => out.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error('无法生成头像图片');
      const up = await uploadFile(new File([blob], 'avatar.png', { type: 'image/png' }));
      if (up.resultCode !== RESULT_OK || !up.data) {
        toast.error(up.errMsg || '头像上传失败');
        return false;
      }
      const res = await updateUserInfo({ userPicUrl: up.data.fileUrl });
      if (res.resultCode !== RESULT_OK || !res.data) {
        toast.error(res.errMsg || '头像保存失败');
        return false;
      }
      const { token: _token, ...saved } = res.data;
      setUser(saved);
      toast.success('头像已更新');
      reset();
      return true;
    } catch (e) {
      toast.error(errorText(e));
      return false;
    } finally {
      setSaving(false);
    }
  };

  // the form's 保存 saves a photo chosen here too (MySet)
  useEffect(() => {
    if (!pending) return;
    pending.current = img && crop ? save : null;
    return () => void (pending.current = null);
  });

  return (
    <section className="avatar-picker" aria-labelledby="avatar-picker-title">
      <h3 id="avatar-picker-title" className="avatar-picker__title">
        头像
      </h3>
      <div className="avatar-picker__row">
        <img className="avatar-picker__current" src={avatarUrl(user?.userPicUrl, user?.sex)} alt="当前头像" width={PREVIEW} height={PREVIEW} />
        <label className="btn">
          {img ? '重新选择' : '更换头像'}
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="visually-hidden"
            aria-label="选择头像图片"
            onChange={(e) => choose(e.target.files?.[0])}
          />
        </label>
      </div>
      {img && crop && (
        <div className="avatar-picker__crop">
          <canvas
            ref={view}
            width={VIEW}
            height={VIEW}
            className="avatar-picker__view"
            tabIndex={0}
            role="img"
            aria-label="裁剪区域：拖动或用方向键移动图片，+ / − 缩放"
            onKeyDown={onKey}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          />
          <div className="avatar-picker__side">
            <canvas ref={preview} width={PREVIEW} height={PREVIEW} className="avatar-picker__preview" role="img" aria-label="头像预览" />
            <label className="avatar-picker__zoom">
              缩放
              <input
                type="range"
                min={MIN_ZOOM * 100}
                max={MAX_ZOOM * 100}
                step={5}
                value={Math.round(crop.zoom * 100)}
                onChange={(e) => frame && setCrop(zoomCrop(crop, Number(e.target.value) / 100, frame))}
              />
            </label>
            <div className="avatar-picker__actions">
              <button type="button" className="btn btn--primary" disabled={saving} onClick={() => void save()}>
                {saving ? '保存中…' : '保存头像'}
              </button>
              <button type="button" className="btn" disabled={saving} onClick={reset}>
                取消
              </button>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

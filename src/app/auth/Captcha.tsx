import { useEffect, useRef } from 'react';
import { drawCaptcha } from '../lib/captcha';

/** The captcha image; a button so it can be refreshed by keyboard as well as by click. */
export function Captcha({ code, onRefresh }: { code: string; onRefresh(): void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) drawCaptcha(canvas.current, code);
  }, [code]);
  return (
    <button type="button" className="login-captcha" onClick={onRefresh} title="看不清？点击换一张" aria-label="看不清？换一张验证码">
      <canvas ref={canvas} width={100} height={36} role="img" aria-label="验证码图片" />
    </button>
  );
}

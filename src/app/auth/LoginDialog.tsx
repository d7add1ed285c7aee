import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { RESULT_OK, transportFailureMessage } from '../http/client';
import { captchaMatches, generateCaptcha } from '../lib/captcha';
import { MESSAGES, requireLoginName, requirePassword } from '../lib/validators';
import { login, rememberedLogin } from '../session/auth-actions';
import { toast } from '../ui/toast-store';
import { closeLogin, ui } from '../ui-store';
import { Captcha } from './Captcha';
import '../ui/dialog-box.css';
import './login-dialog.css';

/** How long a failed login's errMsg stays on screen (SPEC §8). */
const LOGIN_ERROR_MS = 1500;

/**
 * Login dialog of SPEC §2/§5: title 登录, width 390, login name, password, canvas captcha. The
 * captcha is checked here, before any request; a mismatch never reaches the server.
 */
export function LoginDialog() {
  const { loginOpen } = useSnapshot(ui);
  const [loginName, setLoginName] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [remember, setRemember] = useState(false);
  const [code, setCode] = useState(() => generateCaptcha());
  const [errors, setErrors] = useState<{ loginName?: string | null; password?: string | null }>({});
  const [busy, setBusy] = useState(false);
  const ids = { name: useId(), password: useId(), captcha: useId(), remember: useId() };

  // Each opening starts with a new captcha and the remembered credentials, if any.
  useEffect(() => {
    if (!loginOpen) return;
    setCode(generateCaptcha());
    setCaptcha('');
    setErrors({});
    let live = true;
    void rememberedLogin().then((r) => {
      if (!live || !r) return;
      setLoginName(r.loginName);
      setPassword(r.password);
      setRemember(true);
    });
    return () => {
      live = false;
    };
  }, [loginOpen]);

  const refresh = () => {
    setCode(generateCaptcha());
    setCaptcha('');
  };

  const filled = loginName.trim() !== '' && password !== '' && captcha.trim() !== '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!filled || busy) return;
    if (!captchaMatches(captcha, code)) {
      toast.error(MESSAGES.captchaWrong);
      refresh();
      return;
    }
    setBusy(true);
    try {
      const res = await login(loginName.trim(), password, remember);
      if (res.resultCode === RESULT_OK) {
        setPassword('');
        setCaptcha('');
        closeLogin();
      } else {
        toast.error(res.errMsg || '登录失败', LOGIN_ERROR_MS);
        setPassword('');
        refresh();
      }
    } catch (error) {
      // SPEC §8 ignores a failed login request for its error handling (no retry, the form stays
      // as typed), but the student still has to learn why nothing happened (issue 31 item 16).
      const message = transportFailureMessage(error);
      if (message) toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={loginOpen} onOpenChange={(open) => !open && closeLogin()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        {/* A focus move right after opening (e.g. a closing Select handing focus back to its
            trigger) must not dismiss the dialog; clicks outside and Esc still close it. */}
        <Dialog.Content className="dialog-box login-dialog" aria-describedby={undefined} onFocusOutside={(e) => e.preventDefault()}>
          <Dialog.Title className="login-dialog__title">登录</Dialog.Title>
          <form onSubmit={submit} noValidate>
            <Field id={ids.name} label="手机号" error={errors.loginName}>
              <input
                id={ids.name}
                name="loginName"
                autoComplete="username"
                inputMode="tel"
                placeholder="请输入手机号"
                value={loginName}
                onChange={(e) => setLoginName(e.target.value)}
                onBlur={() => setErrors((x) => ({ ...x, loginName: requireLoginName(loginName) }))}
                aria-invalid={errors.loginName ? true : undefined}
                aria-describedby={errors.loginName ? `${ids.name}-error` : undefined}
              />
            </Field>
            <Field id={ids.password} label="密码" error={errors.password}>
              <input
                id={ids.password}
                name="password"
                type="password"
                autoComplete="current-password"
                placeholder="请输入密码"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                onBlur={() => setErrors((x) => ({ ...x, password: requirePassword(password) }))}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? `${ids.password}-error` : undefined}
              />
            </Field>
            <Field id={ids.captcha} label="验证码">
              <div className="login-dialog__captcha-row">
                <input
                  id={ids.captcha}
                  name="captcha"
                  autoComplete="off"
                  maxLength={4}
                  placeholder="请输入验证码"
                  value={captcha}
                  onChange={(e) => setCaptcha(e.target.value)}
                />
                <Captcha code={code} onRefresh={refresh} />
              </div>
            </Field>
            <div className="login-dialog__options">
              <label htmlFor={ids.remember}>
                <input id={ids.remember} type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> 记住密码
              </label>
              <Link href="/forget" onClick={closeLogin}>
                忘记密码？
              </Link>
            </div>
            <button type="submit" className="login-dialog__submit" disabled={!filled || busy}>
              登录
            </button>
          </form>
          {/* Last in the focus order: the dialog opens on its first field, not on ×. */}
          <Dialog.Close className="dialog-box__close" aria-label="关闭">
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string | null; children: ReactNode }) {
  return (
    <div className="login-field">
      <label htmlFor={id} className="login-field__label">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="login-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

import { Link } from 'wouter';
import './forget.css';

/** Forget (SPEC §2): passwords are reset by the administrator teacher, not online. */
export function Forget() {
  return (
    <section className="container forget" aria-labelledby="forget-title">
      <h1 id="forget-title">忘记密码</h1>
      <p>请联系管理员老师重置密码。</p>
      <p className="forget__hint">重置后请使用新密码登录，并及时在“个人设置”中修改为自己的密码。</p>
      <Link href="/" className="forget__home">
        返回首页
      </Link>
    </section>
  );
}

import { Link } from 'wouter';
import './router.css';

export function NotFound() {
  return (
    <section className="container route-message" aria-labelledby="not-found-title">
      <p className="route-message__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">页面不存在</h1>
      <p>您访问的页面不存在或已被移除。</p>
      <Link href="/" className="route-message__action">
        返回首页
      </Link>
    </section>
  );
}
